import * as routes from '@gomeum/contracts/routes';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { Suspense, use, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../features/auth/index.ts';
import { api } from '../lib/api-client.ts';
import {
  AppOnly,
  HYDRATED_EVENT,
  HydrationMark,
  HydrationMarksProvider,
  hydrationMarks,
  renderedMarks,
} from '../lib/hydration.tsx';
import { PlanetArt } from '../lib/illustrations/index.ts';
import { SpriteSheet } from '../lib/illustrations/sprite-sheet.ts';
import { fakeServer } from '../test/fake-server.tsx';
import { hydrateRenderedState, prefetchFirstPage } from './first-page.ts';
import { symbolsUsed } from './sprite-sheet-server.ts';

const ME = { id: 'u1', email: null, role: 'user', isGuest: true, guestId: 'guest_1', locale: 'en' } as const;

/** The page as the server sends it: `#root` rendered, and the state it was rendered from (`state`, JSON). */
function serverPage(html: string, state: unknown = { queries: { queries: [], mutations: [] }, urls: {} }) {
  document.body.innerHTML = `<div id="root" data-rendered="en">${html}</div><script type="application/json" id="dehydrated-state">${JSON.stringify(state)}</script>`;
  return document.getElementById('root')!;
}

/** The server's render of a page (entry-server.tsx renders the app so, streamed). */
const renderOnServer = (page: React.ReactNode) => renderToString(page);

let hydrated: Root | null = null;
/** React's hydration of the rendered page, its work done (as the browser does, in slices, without a test). */
async function hydrate(root: HTMLElement, page: React.ReactNode) {
  await act(async () => {
    hydrated = hydrateRoot(root, page);
    await Promise.resolve();
  });
}

afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = null;
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('a page the server rendered', () => {
  it('hydrates its cache with the queries the page was rendered from: none is read again', async () => {
    const server = fakeServer({ 'GET /api/galaxy': { planets: [] } });
    // The server's render: its queries, dehydrated.
    const rendered = new QueryClient();
    rendered.setQueryData(meQuery.queryKey, ME);
    const state = { queries: dehydrate(rendered), urls: { '["me"]': '/api/me' }, marks: 3 };
    const root = serverPage('<main>rendered</main>', state);
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    expect(hydrateRenderedState(root, queryClient)).toEqual({ marks: 3 });
    // The embedded state is taken out of the page.
    expect(document.getElementById('dehydrated-state')).toBeNull();

    await prefetchFirstPage(queryClient, '/', () => Promise.resolve());
    // Who is signed in came from the page, not the network.
    expect(queryClient.getQueryData(meQuery.queryKey)).toEqual(ME);
    expect(server.calls).toEqual([]);
    // A read the page was not rendered from goes to the network.
    await api(routes.galaxy);
    expect(server.calls.map((call) => call.url)).toEqual(['/api/galaxy']);
  });

  it('is not hydrated when the server did not render it', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(hydrateRenderedState(document.getElementById('root')!, new QueryClient())).toBeNull();
  });

  it('is hydrated in place: the same nodes, the sky rendered again once its scene changes', async () => {
    function Sky({ scene }: { scene: string }) {
      return (
        <div className="sky">
          <span className="star">{scene}</span>
        </div>
      );
    }
    let setScene: (scene: string) => void = () => undefined;
    const clicks = vi.fn();
    function Page() {
      const [scene, set] = useState('night');
      setScene = set;
      return (
        <main>
          <Sky scene={scene} />
          <Suspense fallback={null}>
            <svg className="planet">
              <circle r={scene === 'night' ? 1 : 2} />
            </svg>
          </Suspense>
          <button type="button" onClick={clicks}>
            Go
          </button>
        </main>
      );
    }
    const root = serverPage(renderOnServer(<Page />));
    const rendered = {
      star: root.querySelector('.star'),
      circle: root.querySelector('circle'),
      button: root.querySelector('button'),
    };
    expect(rendered.star?.textContent).toBe('night');

    await hydrate(root, <Page />);
    // The server's nodes are the app's now, none rendered anew, and they answer.
    root.querySelector('button')!.click();
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(root.querySelector('.star')).toBe(rendered.star);
    expect(root.querySelector('circle')).toBe(rendered.circle);
    expect(root.querySelector('button')).toBe(rendered.button);

    act(() => setScene('dawn'));
    expect(root.querySelector('.star')?.textContent).toBe('dawn');
    expect(root.querySelector('circle')?.getAttribute('r')).toBe('2');
    expect(root.querySelectorAll('.sky')).toHaveLength(1);
  });

  it('answers a tap made before it is hydrated: React hydrates the tapped part first, then hands it the tap', async () => {
    const clicks = vi.fn();
    function Page() {
      const [text, setText] = useState('');
      return (
        <main>
          <p>rendered</p>
          <Suspense fallback={null}>
            <input aria-label="name" value={text} onChange={(event) => setText(event.target.value)} />
            <button
              type="button"
              onClick={() => {
                clicks(text);
              }}
            >
              Go
            </button>
          </Suspense>
        </main>
      );
    }
    const root = serverPage(renderOnServer(<Page />));
    const button = root.querySelector('button')!;
    // Started, not yet done: React hydrates in slices of its own, after this task.
    hydrated = hydrateRoot(root, <Page />);
    button.click();
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(clicks).toHaveBeenCalledWith('');
    expect(root.querySelector('button')).toBe(button);
  });

  it('says it is hydrated once every boundary the server rendered is, not before', async () => {
    /** A part whose code arrives late in the browser (`code`); the server has it at once. */
    function Late({ code }: { code?: Promise<void> }) {
      if (code) use(code);
      return <p>late</p>;
    }
    function Page({ code }: { code?: Promise<void> }) {
      return (
        <main>
          <HydrationMark />
          <Suspense fallback={null}>
            <HydrationMark />
            <p>early</p>
          </Suspense>
          <Suspense fallback={null}>
            <HydrationMark />
            <Late code={code} />
          </Suspense>
        </main>
      );
    }
    const server = renderedMarks();
    const root = serverPage(
      renderOnServer(
        <HydrationMarksProvider marks={server}>
          <Page />
        </HydrationMarksProvider>,
      ),
    );
    expect(server.count()).toBe(3);
    const announced = vi.fn();
    document.addEventListener(HYDRATED_EVENT, announced);
    let arrive: () => void = () => undefined;
    const code = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    // The marks the browser's parts report, watched so the test waits for them, not for time.
    const marks = hydrationMarks(root, server.count());
    const reported: string[] = [];
    const watched = { ...marks, hydrated: (id: string) => (reported.push(id), marks.hydrated(id)) };
    const page = (
      <HydrationMarksProvider marks={watched}>
        <Page code={code} />
      </HydrationMarksProvider>
    );
    await hydrate(root, page);
    // The page and its early part are hydrated; the late part is still the server's alone.
    await vi.waitFor(() => expect(reported).toHaveLength(2));
    expect(root.hasAttribute('data-hydrated')).toBe(false);
    expect(announced).not.toHaveBeenCalled();
    await act(async () => {
      arrive();
      await code;
    });
    expect(root.hasAttribute('data-hydrated')).toBe(true);
    expect(announced).toHaveBeenCalledTimes(1);
    expect(root.querySelectorAll('p')).toHaveLength(2);
    document.removeEventListener(HYDRATED_EVENT, announced);
  });

  it('hydrates a planet as its frame and a use of its symbol, the same nodes; another planet is its own symbol', async () => {
    let setPlanet: (planet: 'music' | 'food') => void = () => undefined;
    function Page() {
      const [planet, set] = useState<'music' | 'food'>('music');
      setPlanet = set;
      return (
        <main>
          <PlanetArt planet={planet} title="The planet" />
        </main>
      );
    }
    const root = serverPage(renderOnServer(<Page />));
    // Its shapes are in the planets' sprite file: the page holds its frame, title and a use of them.
    expect(root.querySelectorAll('svg *')).toHaveLength(2);
    const use = root.querySelector('use');
    expect(use?.getAttribute('href')).toMatch(/planets\.svg#planet-music$/);
    await hydrate(root, <Page />);
    expect(root.querySelector('use')).toBe(use);
    expect(root.querySelector('svg')?.getAttribute('class')).toContain('art-planet--music');
    act(() => setPlanet('food'));
    expect(root.querySelector('svg')?.getAttribute('class')).toContain('art-planet--food');
    expect(root.querySelector('use')?.getAttribute('href')).toMatch(/planets\.svg#planet-food$/);
  });

  it('carries the symbols it uses in its own sheet, used in place through hydration; others from their file', async () => {
    let setPlanet: (planet: 'music' | 'food') => void = () => undefined;
    function Page() {
      const [planet, set] = useState<'music' | 'food'>('music');
      setPlanet = set;
      return <PlanetArt planet={planet} title="The planet" />;
    }
    const symbols = symbolsUsed();
    const html = renderOnServer(
      <SpriteSheet value={symbols.use}>
        <Page />
      </SpriteSheet>,
    );
    const root = serverPage(html);
    root.insertAdjacentHTML('afterend', symbols.sheet());
    // The page's sheet holds the one symbol it shows, with its shapes; the page uses it in place.
    expect([...document.querySelectorAll('#art-sprites > symbol')].map((symbol) => symbol.id)).toEqual([
      'planet-music',
    ]);
    expect(document.querySelectorAll('#planet-music *').length).toBeGreaterThan(5);
    const use = root.querySelector('use');
    expect(use?.getAttribute('href')).toBe('#planet-music');
    await hydrate(root, <Page />);
    expect(root.querySelector('use')).toBe(use);
    expect(use?.getAttribute('href')).toBe('#planet-music');
    act(() => setPlanet('food'));
    expect(root.querySelector('use')?.getAttribute('href')).toMatch(/planets\.svg#planet-food$/);
  });

  it('renders what shows nothing at first after the page is hydrated, and never on the server', async () => {
    const rendered = vi.fn();
    function Watcher() {
      rendered();
      return null;
    }
    function Page() {
      return (
        <main>
          <p>rendered</p>
          <AppOnly>
            <Watcher />
          </AppOnly>
        </main>
      );
    }
    const html = renderOnServer(<Page />);
    expect(rendered).not.toHaveBeenCalled();
    const root = serverPage(html);
    await hydrate(root, <Page />);
    expect(rendered).toHaveBeenCalled();
    expect(root.querySelector('p')?.textContent).toBe('rendered');
  });
});

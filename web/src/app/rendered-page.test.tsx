import * as routes from '@gomeum/contracts/routes';
import { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQuery } from '../features/auth/index.ts';
import { api, clearFirstReads } from '../lib/api-client.ts';
import { AppOnly, HydrateLater, SERVER_DRAWN, ServerRender, useServerDrawing } from '../lib/hydration.tsx';
import { PlanetArt } from '../lib/illustrations/index.ts';
import { fakeServer } from '../test/fake-server.tsx';
import { prepareFirstPage, takeRenderedPage } from './first-page.ts';

const ME = { id: 'u1', email: null, role: 'user', isGuest: true, guestId: 'guest_1', locale: 'en' };

/** The page as the server sends it: `#root` drawn, and the answers it was drawn from. */
function serverPage(html: string, reads: Record<string, unknown>) {
  document.body.innerHTML = `<div id="root" data-rendered="en">${html}</div><script type="application/json" id="first-reads">${JSON.stringify(reads)}</script>`;
  return document.getElementById('root')!;
}

/** The server's render of a page (entry-server.tsx draws the app so). */
const drawOnServer = (page: React.ReactNode) => renderToString(<ServerRender value>{page}</ServerRender>);

let hydrated: Root | null = null;
/** React's hydration of the drawn page, its work done (as the browser does, in slices, without a test). */
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

describe('a page the server drew', () => {
  it("takes the embedded answers for its first reads, once each; what the page didn't take is dropped", async () => {
    const server = fakeServer({ 'GET /api/galaxy': { planets: [] } });
    const root = serverPage('<main>drawn</main>', { '/api/me': ME, '/api/galaxy': { planets: [] } });
    expect(takeRenderedPage(root)).toBe(true);
    // The embedded answers are taken out of the page.
    expect(document.getElementById('first-reads')).toBeNull();

    const queryClient = new QueryClient();
    await prepareFirstPage(queryClient, '/', () => Promise.resolve());
    clearFirstReads();
    // Who is signed in came from the page, not the network.
    expect(queryClient.getQueryData(meQuery.queryKey)).toEqual(ME);
    expect(server.calls).toEqual([]);
    // The galaxy was not read while the page started: its embedded answer is gone, it is read afresh.
    await api(routes.galaxy);
    expect(server.calls.map((call) => call.url)).toEqual(['/api/galaxy']);
  });

  it('is not taken over when the server did not draw it', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(takeRenderedPage(document.getElementById('root')!)).toBe(false);
  });

  it('is taken over in place: the same nodes, a kept sky redrawn once its scene changes', async () => {
    function Sky({ scene }: { scene: string }) {
      if (useServerDrawing(scene)) return <div className="sky" dangerouslySetInnerHTML={SERVER_DRAWN} />;
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
          <HydrateLater>
            <svg className="planet">
              <circle r={scene === 'night' ? 1 : 2} />
            </svg>
          </HydrateLater>
          <button type="button" onClick={clicks}>
            Go
          </button>
        </main>
      );
    }
    const root = serverPage(drawOnServer(<Page />), {});
    const drawn = {
      star: root.querySelector('.star'),
      circle: root.querySelector('circle'),
      button: root.querySelector('button'),
    };
    expect(drawn.star?.textContent).toBe('night');

    await hydrate(root, <Page />);
    // The server's nodes are the app's now, none drawn anew, and they answer.
    root.querySelector('button')!.click();
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(root.querySelector('.star')).toBe(drawn.star);
    expect(root.querySelector('circle')).toBe(drawn.circle);
    expect(root.querySelector('button')).toBe(drawn.button);

    act(() => setScene('dawn'));
    expect(root.querySelector('.star')?.textContent).toBe('dawn');
    expect(root.querySelector('circle')?.getAttribute('r')).toBe('2');
    expect(root.querySelectorAll('.sky')).toHaveLength(1);
  });

  it('answers a tap made before it is taken over: React takes the tapped part over first, then hands it the tap', async () => {
    const clicks = vi.fn();
    function Page() {
      const [text, setText] = useState('');
      return (
        <main>
          <p>drawn</p>
          <HydrateLater>
            <input aria-label="name" value={text} onChange={(event) => setText(event.target.value)} />
            <button
              type="button"
              onClick={() => {
                clicks(text);
              }}
            >
              Go
            </button>
          </HydrateLater>
        </main>
      );
    }
    const root = serverPage(drawOnServer(<Page />), {});
    const button = root.querySelector('button')!;
    // Started, not yet done: React hydrates in slices of its own, after this task.
    hydrated = hydrateRoot(root, <Page />);
    button.click();
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(clicks).toHaveBeenCalledWith('');
    expect(root.querySelector('button')).toBe(button);
  });

  it('keeps a planet as the server drew it, building none of its shapes, until it shows another planet', async () => {
    let setPlanet: (planet: 'music' | 'food') => void = () => undefined;
    function Page() {
      const [planet, set] = useState<'music' | 'food'>('music');
      setPlanet = set;
      return (
        <main>
          <Suspense fallback={null}>
            <PlanetArt planet={planet} />
          </Suspense>
        </main>
      );
    }
    const root = serverPage(drawOnServer(<Page />), {});
    const shapes = root.querySelectorAll('svg *').length;
    expect(shapes).toBeGreaterThan(10);
    const first = root.querySelector('svg *');
    await hydrate(root, <Page />);
    // Taken over: every shape is the server's own node still.
    expect(root.querySelectorAll('svg *')).toHaveLength(shapes);
    expect(root.querySelector('svg *')).toBe(first);
    expect(root.querySelector('svg')?.getAttribute('class')).toContain('art-planet--music');
    // Another planet: drawn by the app.
    act(() => setPlanet('food'));
    expect(root.querySelector('svg')?.getAttribute('class')).toContain('art-planet--food');
    expect(root.querySelector('svg *')).not.toBe(first);
    expect(root.querySelectorAll('svg *').length).toBeGreaterThan(10);
  });

  it('renders what shows nothing at first after the page is taken over, and never on the server', async () => {
    const rendered = vi.fn();
    function Watcher() {
      rendered();
      return null;
    }
    function Page() {
      return (
        <main>
          <p>drawn</p>
          <AppOnly>
            <Watcher />
          </AppOnly>
        </main>
      );
    }
    const html = drawOnServer(<Page />);
    expect(rendered).not.toHaveBeenCalled();
    const root = serverPage(html, {});
    await hydrate(root, <Page />);
    expect(rendered).toHaveBeenCalled();
    expect(root.querySelector('p')?.textContent).toBe('drawn');
  });
});

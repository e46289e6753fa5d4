/* eslint-disable react-hooks/refs, react-hooks/globals --
 * Taking over the server's page is a protocol with the renderer's hydration, held during render
 * itself: which part waits for a later turn (a ref, read and set as it renders) and whether a
 * render is a taking over (a module flag, set around it). Nothing here is state that a render
 * shows; no component re-renders because of it. */
import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { IdPart } from './use-id.tsx';

/**
 * Progressive taking over of a page the server drew: a drawing (a sky, a planet) is taken over by
 * the app after the rest of the page, each in a task of its own, so the page answers a tap while
 * its art is still being taken over. Meanwhile the server's drawing stays on screen as it is.
 * (Preact keeps a component's server DOM while it suspends during hydration, and hydrates it once
 * its promise resolves.)
 */

/** True only while the app takes over the server's page (`takeOver`, around the hydration). */
let takingOver = false;

/** Runs `hydrate` (the app's hydration of the server's page), during which drawings wait their turn. */
export function takeOver(hydrate: () => void): void {
  takingOver = true;
  try {
    hydrate();
  } finally {
    takingOver = false;
  }
}

/** True while the app takes over the server's page: a component may then read what the server chose. */
export function isTakingOver(): boolean {
  return takingOver;
}

let turns: Promise<void> = Promise.resolve();

/** The event the app sends once it has taken over every part of the server's page (web/src/boot.ts waits for it). */
export const TAKEN_OVER_EVENT = 'gomeum:taken-over';

/**
 * The event the app sends each time it has taken a part of the server's page over (its frame, then
 * each turn): boot.ts then hands it what was typed in that part meanwhile, before anything can
 * render the part again (and clear a field the app's state does not know to be filled).
 */
export const PART_TAKEN_EVENT = 'gomeum:part-taken';

/** Says that a part of the server's page is the app's now (see PART_TAKEN_EVENT). */
export function announcePartTaken(): void {
  document.dispatchEvent(new Event(PART_TAKEN_EVENT));
}

/** Resolves once every turn handed out has been taken, those handed out by the turns themselves included. */
export async function allTurnsTaken(): Promise<void> {
  let last: Promise<void>;
  do {
    last = turns;
    await last;
    // A turn's subtree renders just after its promise resolves, and may hand out turns of its own.
    await new Promise((resolve) => setTimeout(resolve, 0));
  } while (last !== turns);
}
/** Who waits for the effects of what has rendered so far, by the probe's render they wait for (see effectsRun). */
const effectWaiters: { render: number; resolve: () => void }[] = [];
let probeRenders = 0;
/** Renders EffectsProbe again (as its `render`-th time); null until it has rendered. */
let renderProbe: ((render: number) => void) | null = null;

/**
 * Renders nothing; put once in the app, outside any turn. The effect of each of its renders runs
 * in the same pass as, or after, the effects of everything rendered before it: see effectsRun.
 * (Preact runs a component's pending effect at once when it renders again: so each render's
 * effect answers only those who asked for that render or an earlier one.)
 */
export function EffectsProbe() {
  const [render, setRender] = useState(0);
  renderProbe = setRender;
  useEffect(() => {
    for (let index = effectWaiters.length - 1; index >= 0; index -= 1) {
      const waiter = effectWaiters[index];
      if (waiter && waiter.render <= render) {
        effectWaiters.splice(index, 1);
        waiter.resolve();
      }
    }
  }, [render]);
  return null;
}

/**
 * Resolves once the effects of everything rendered so far have run. Preact runs effects after the
 * next frame (later on a busy phone), and a component listens only from then on: a mutation's
 * `onSuccess` given to `mutate`, say, is called only for a component that listens. So the app is
 * ready for a held tap once they have run. (Resolves at once without an EffectsProbe. It resolves
 * from within Preact's pass over the pending effects, and what awaits it runs once that pass is
 * over.)
 */
export function effectsRun(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!renderProbe) {
      resolve();
      return;
    }
    probeRenders += 1;
    effectWaiters.push({ render: probeRenders, resolve });
    renderProbe(probeRenders);
  });
}

/** Resolves in a task of its own, after every turn handed out before it. */
function nextTurn(): Promise<void> {
  turns = turns.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return turns;
}

/** Ends a turn's taking over once its whole subtree has been taken over (it renders last). */
function EndTurn({ ends }: { ends: boolean }) {
  if (ends) takingOver = false;
  // Once the turn's subtree is in the page (in the same task as its taking over).
  useLayoutEffect(() => {
    if (ends) announcePartTaken();
  }, [ends]);
  return null;
}

function WaitTurn({ children }: { children: ReactNode }) {
  const turn = useRef<'none' | 'waiting' | 'taken'>('none');
  if (takingOver && turn.current === 'none') {
    turn.current = 'waiting';
    // How a component suspends: it throws the promise of its turn (a Suspense boundary catches it).
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw nextTurn();
  }
  // Its turn: the subtree is taken over now (it may hand parts of itself to later turns in turn).
  const starts = turn.current === 'waiting';
  if (starts) {
    turn.current = 'taken';
    takingOver = true;
    // Should the subtree throw before its end, the taking over still ends with this task.
    queueMicrotask(() => {
      takingOver = false;
    });
  }
  return (
    <>
      {children}
      <EndTurn ends={starts} />
    </>
  );
}

/**
 * Its one-element child is taken over after the rest of the page (or of the part being taken over),
 * when the app takes over a page the server drew; rendered at once otherwise (on the server, and
 * in every later render).
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  // Its ids are its own, whenever it is taken over (see use-id.tsx).
  return (
    <IdPart>
      <Suspense fallback={null}>
        <WaitTurn>{children}</WaitTurn>
      </Suspense>
    </IdPart>
  );
}

/**
 * Parts of the app that show nothing on a page's first paint (a prompt that waits for the user, a
 * watcher, the scroll keeper): rendered by the app alone, never by the server, and when the app
 * takes over a page the server drew, in a turn after everything else, so their code runs in a task
 * of its own instead of lengthening the taking over. Rendered at once otherwise.
 */
export function AppOnly({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => !takingOver && typeof document !== 'undefined');
  const turn = useRef<Promise<void> | null>(null);
  if (!shown && takingOver && !turn.current) turn.current = nextTurn();
  useEffect(() => {
    if (shown) return;
    let mounted = true;
    // On the server's page, its turn (handed out as the page was taken over); else the next task.
    void (turn.current ?? nextTurn()).then(() => {
      if (mounted) setShown(true);
    });
    return () => {
      mounted = false;
    };
  }, [shown]);
  return shown ? children : null;
}

/** The markup of an element whose children the server drew and the app keeps as they are. */
export const SERVER_DRAWN = { __html: '' };

/**
 * Whether a drawing that depends on `key` alone keeps the server's drawing: true when the app took
 * it over from the server's page and `key` has not changed since. The drawing then renders its
 * outer element with `dangerouslySetInnerHTML={SERVER_DRAWN}`, which a hydration leaves as it is
 * (no work at all for the app); once `key` changes, it draws itself anew.
 */
export function useServerDrawing(key: string): boolean {
  const drawn = useRef(takingOver ? key : null);
  return drawn.current === key;
}

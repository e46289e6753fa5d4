import { useEffect, type RefObject } from 'react';

// How near its end a list still counts as at its end (a last pixel or two of rounding, a label).
const SLACK_PX = 24;

/**
 * Keeps a scrolling list at its end when the list itself changes size (the reply box under it
 * grows with a drafted reply, say), as long as it was at its end: the newest in view stays in view.
 * A list its reader scrolled back stays where they put it. `ready`: the list is drawn.
 */
export function useStickToEnd(ref: RefObject<HTMLElement | null>, ready: boolean): void {
  useEffect(() => {
    const list = ref.current;
    if (!ready || !list || typeof ResizeObserver === 'undefined') return;
    const atEndNow = () => list.scrollHeight - list.scrollTop - list.clientHeight <= SLACK_PX;
    let atEnd = atEndNow();
    const onScroll = () => {
      atEnd = atEndNow();
    };
    const observer = new ResizeObserver(() => {
      if (atEnd) list.scrollTop = list.scrollHeight;
    });
    list.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(list);
    return () => {
      observer.disconnect();
      list.removeEventListener('scroll', onScroll);
    };
  }, [ref, ready]);
}

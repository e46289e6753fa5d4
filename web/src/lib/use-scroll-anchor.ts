import { useLayoutEffect, useRef, type UIEvent } from 'react';

/** How close to the top (in pixels) a scroll back asks for older messages. */
const NEAR_TOP = 48;

/**
 * A conversation's scrolling: newest at the bottom, in view; when older messages join at the top
 * (the first message's id goes down), what was in view stays where it was.
 *
 * `firstId` is the id of the first message shown; `content` what else changes the list (when any
 * of it changes, the list goes to the bottom again); `active` false while the list is hidden.
 * `onNearTop` runs on a scroll that comes close to the top (to load older messages). Put `listRef`
 * and `onListScroll` on the scrolling element; call `keepPlace` before loading older messages by a
 * button. Used by the user's chat panel and the operator's conversation alike.
 */
export function useScrollAnchor<T extends HTMLElement>({
  firstId,
  content,
  active = true,
  onNearTop,
}: {
  firstId: number | undefined;
  content: readonly unknown[];
  active?: boolean;
  onNearTop?: () => void;
}) {
  const ref = useRef<T>(null);
  const fromBottom = useRef(0);
  const shownFirstId = useRef(firstId);
  const drawn = useRef<readonly unknown[] | null>(null);
  useLayoutEffect(() => {
    const now = [active, firstId, ...content];
    const before = drawn.current;
    if (before && before.length === now.length && before.every((value, i) => Object.is(value, now[i]))) return;
    drawn.current = now;
    const list = ref.current;
    if (!active || !list) return;
    const prepended = firstId !== undefined && shownFirstId.current !== undefined && firstId < shownFirstId.current;
    list.scrollTop = prepended ? list.scrollHeight - fromBottom.current : list.scrollHeight;
    shownFirstId.current = firstId;
  });
  const keepPlace = () => {
    const list = ref.current;
    if (list) fromBottom.current = list.scrollHeight - list.scrollTop;
  };
  const onScroll = (event: UIEvent<T>) => {
    const list = event.currentTarget;
    fromBottom.current = list.scrollHeight - list.scrollTop;
    if (list.scrollTop < NEAR_TOP) onNearTop?.();
  };
  return { listRef: ref, onListScroll: onScroll, keepPlace };
}

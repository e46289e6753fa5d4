import { useLayoutEffect } from 'react';
import { ScrollRestoration } from 'react-router';

/** Where the reader had scrolled the page just before React Router's scroll restoration started. */
let scrollBefore = 0;

function NoteScroll() {
  useLayoutEffect(() => {
    scrollBefore = window.scrollY;
  }, []);
  return null;
}

function KeepReadersScroll() {
  useLayoutEffect(() => {
    // Restoration had nothing saved for this page and sent it to its top; the reader's place wins.
    if (scrollBefore > 0 && window.scrollY === 0) window.scrollTo(0, scrollBefore);
  }, []);
  return null;
}

/**
 * React Router's scroll restoration (back and forward return to where the reader was; a new page
 * opens at its top), without its first move. The router starts without hydration data, so on
 * starting, restoration sends a page it has no saved place for to its top; but on a page the
 * server drew, the reader may already have scrolled before the app took the page over (seconds
 * on a slow phone), and the page must not jump. Layout effects run in order, all before the next
 * paint: the place is noted, restoration moves, the place is put back.
 */
export function ScrollKeeper() {
  return (
    <>
      <NoteScroll />
      <ScrollRestoration />
      <KeepReadersScroll />
    </>
  );
}

import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A page opened by a link starts at its top, or at its `#hash` (the router, wouter, leaves the
 * scroll where it was). Back and forward are the browser's own scroll restoration, which returns
 * to the reader's place on that entry; the page the app starts on stays where the reader has it.
 */
export function ScrollToTop() {
  const [pathname] = useLocation();
  const shown = useRef(pathname);
  const traversing = useRef(false);
  useLayoutEffect(() => {
    const onPop = () => {
      traversing.current = true;
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (traversing.current) {
      traversing.current = false;
      return;
    }
    const hash = window.location.hash;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

import { useEffect } from 'react';

/** The operator's own app: its manifest offers the inbox shortcut and opens on the dashboard. */
export const OPERATOR_MANIFEST = '/operator.webmanifest';

/**
 * While the dashboard is shown (to the operator only: the route lets no one else in), the page's
 * manifest is the operator's app, so installing from here installs it, shortcut and all. Every other
 * page, and everyone else, keeps the users' app, which offers no operator shortcut. The two apps
 * have their own ids, so neither's installed copy is updated from the other's manifest.
 */
export function useOperatorManifest(): void {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const before = link?.getAttribute('href');
    if (!link || !before) return;
    link.setAttribute('href', OPERATOR_MANIFEST);
    return () => link.setAttribute('href', before);
  }, []);
}

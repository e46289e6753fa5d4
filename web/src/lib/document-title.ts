import { useEffect } from 'react';

/** The product's name, last in every tab title. */
export const APP_NAME = 'Gomeum';

/** The tab title for a page heading: "Choose your planet · Gomeum" (no second name if it has one). */
export function documentTitle(title: string | null): string {
  if (!title) return APP_NAME;
  return title.includes(APP_NAME) ? title : `${title} · ${APP_NAME}`;
}

// The server's render of a page (entry-server.tsx) runs no effects: the title the page asked for
// is kept here, for the drawn HTML's <title>. That render is drawn once, never again, and renders
// run one at a time, so a value kept aside during it is safe (the browser's build has none of it).
let renderedTitle: string | null = null;
function keepRenderedTitle(title: string): void {
  renderedTitle = title;
}

/** The server render: the tab title the page just rendered asked for (then forgotten), or null. */
export function takeRenderedTitle(): string | null {
  const title = renderedTitle;
  renderedTitle = null;
  return title;
}

/**
 * Names the browser tab after the page, in the reader's language; null for the home page, which
 * is just "Gomeum". Every page calls it with its heading.
 */
export function useDocumentTitle(title: string | null): void {
  if (import.meta.env.SSR) keepRenderedTitle(documentTitle(title));
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

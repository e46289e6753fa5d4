import { createContext, useContext, useEffect } from 'react';

/** The product's name, last in every tab title. */
export const APP_NAME = 'Gomeum';

/** The tab title for a page heading: "Choose your planet · Gomeum" (no second name if it has one). */
export function documentTitle(title: string | null): string {
  if (!title) return APP_NAME;
  return title.includes(APP_NAME) ? title : `${title} · ${APP_NAME}`;
}

/**
 * The server's render of a page runs no effects: it provides here what takes the title the page
 * asks for, which the server writes into the HTML's `<title>` (entry-server.tsx, one per render).
 */
export const RenderedTitle = createContext<((title: string) => void) | null>(null);

/**
 * Names the browser tab after the page, in the reader's language; null for the home page, which
 * is just "Gomeum". Every page calls it with its heading.
 */
export function useDocumentTitle(title: string | null): void {
  const rendered = useContext(RenderedTitle);
  if (import.meta.env.SSR) rendered?.(documentTitle(title));
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

import { WEB_ROUTES } from '@gomeum/contracts';

/**
 * The sign-in page, asked to come back to `path` (a page of this app) once someone is signed in:
 * where a session that ended sends the person, with what they were doing still on that page.
 */
export function signInAgainPath(path: string): string {
  return `${WEB_ROUTES.register}?mode=login&next=${encodeURIComponent(path)}`;
}

/** The page `next` names, if it is a path of this site (never another origin's address), else null. */
export function returnPath(next: string | null): string | null {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}

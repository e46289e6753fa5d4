/** Every draft store made, so logging out forgets them all. */
const stores = new Set<{ clear(): void }>();

/** Drafts of one kind of form, per person (their user id) and per form (a planet, a question…). */
export interface DraftStore<T> {
  /** The draft `owner` left in `form`, or null (always null when nobody is signed in). */
  read(owner: string | null, form: string): T | null;
  /** Keeps `draft` for `owner` in `form`; null drops it. Does nothing when nobody is signed in. */
  keep(owner: string | null, form: string, draft: T | null): void;
}

/**
 * What someone was writing, kept in this tab's memory only (never in storage), per person and per
 * form: a send refused because the session ended, or the page left when it did, loses nothing once
 * the same person is signed in again. Another person signing in on this tab never sees it.
 */
export function draftStore<T>(): DraftStore<T> {
  const drafts = new Map<string, T>();
  stores.add(drafts);
  const key = (owner: string, form: string) => `${owner}\n${form}`;
  return {
    read: (owner, form) => (owner === null ? null : (drafts.get(key(owner, form)) ?? null)),
    keep: (owner, form, draft) => {
      if (owner === null) return;
      if (draft === null) drafts.delete(key(owner, form));
      else drafts.set(key(owner, form), draft);
    },
  };
}

/** Forgets every draft in this tab: the person logged out on purpose. */
export function forgetDrafts(): void {
  for (const drafts of stores) drafts.clear();
}

/**
 * Every operator view's query key starts with `operator`, whichever feature owns the view (each
 * feature's own `api/keys.ts` builds its keys with `operatorKey`). So deleting a user drops every
 * cached view about them and reads every operator view again without knowing which features drew
 * them; and the operator's views never mix with a user's. (Outside lib/operator/: the keys files
 * that import it are read by users' pages too, and no operator code is sent to users.)
 */
export const OPERATOR_VIEWS = ['operator'] as const;

/** An operator view's query key: `['operator', ...parts]`. */
export function operatorKey<const P extends readonly unknown[]>(...parts: P): readonly ['operator', ...P] {
  return [...OPERATOR_VIEWS, ...parts];
}

/** Whether a cached operator view is about this user (dropped when the user is deleted). */
export function isOperatorViewAbout(key: readonly unknown[], userId: string): boolean {
  return key[0] === OPERATOR_VIEWS[0] && key.includes(userId);
}

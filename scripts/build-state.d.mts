/** The repository's root folder. */
export const ROOT: string;
/** Why a build is needed (missing or older than a source), or null when the built tree is current. */
export function staleReason(root?: string): string | null;
/** Builds when the built tree is missing or stale; exits the process if it cannot. */
export function ensureBuilt(root?: string): void;

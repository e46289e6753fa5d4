import crypto from 'node:crypto';

/** A random, URL-safe id for rows that are not ordered by id. */
export function newId(): string {
  return crypto.randomUUID();
}

/** `guest_` + 16 hex characters: the guest id format the operator sees. */
export function newGuestId(): string {
  return `guest_${crypto.randomBytes(8).toString('hex')}`;
}

/** A 256-bit secret for a session cookie. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token: what we store instead of the token itself. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

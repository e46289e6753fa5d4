/**
 * A new random id for something the client sends more than once when it must (a chat message
 * retried after an error): the server stores it once per id. `crypto.getRandomValues` works on
 * plain http too, where `crypto.randomUUID` does not exist.
 */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

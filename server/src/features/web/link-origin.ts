/** The hosts a request may name in links when no PUBLIC_URL is set: this machine's own. */
const LOOPBACK_HOSTNAMES: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin canonical and share links name: PUBLIC_URL's when set; else the request's own only
 * when it is a loopback host (local development keeps absolute links), whatever NODE_ENV says;
 * else none (links are paths alone). A `Host` header is the requester's to choose, and a cache in
 * front would keep what it put in a page for everyone.
 */
export function linkOrigin(publicOrigin: string | undefined, request: { protocol: string; host: string }): string {
  if (publicOrigin) return publicOrigin;
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return '';
  }
  const plain = url.username === '' && url.password === '' && url.pathname === '/' && !url.search && !url.hash;
  return plain && LOOPBACK_HOSTNAMES.has(url.hostname) ? url.origin : '';
}

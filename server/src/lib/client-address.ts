import type { IncomingMessage, Server } from 'node:http';
import net from 'node:net';

/**
 * Which proxies in front of the server are believed about the client's address (`TRUST_PROXY`):
 * none, the nearest `hops` proxies whatever their address, or proxies at these addresses.
 */
export type TrustProxy = false | { hops: number } | { addresses: AddressList };

/** Named ranges, as a proxy setup names them (the same names as Express's `trust proxy`). */
const PRESETS: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `::ffff:10.0.0.1` (how a dual-stack socket reports an IPv4 peer) as `10.0.0.1`. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return match?.[1] ?? address;
}

/** A set of addresses and CIDR ranges, IPv4 and IPv6, that an address is checked against. */
export class AddressList {
  private readonly list = new net.BlockList();

  private constructor(readonly entries: readonly string[]) {
    for (const entry of entries) {
      const [address = '', prefix] = entry.split('/');
      const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
      if (prefix === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(prefix), family);
    }
  }

  /**
   * Parses a comma-separated list of addresses, CIDR ranges (`10.0.0.0/8`, `fd00::/8`) and the names
   * `loopback`, `linklocal`, `uniquelocal`; throws naming the first entry that is none of those.
   */
  static parse(value: string): AddressList {
    const entries: string[] = [];
    for (const raw of value.split(',')) {
      const entry = raw.trim();
      if (!entry) continue;
      const preset = PRESETS[entry.toLowerCase()];
      if (preset) {
        entries.push(...preset);
        continue;
      }
      const [address = '', prefix, extra] = entry.split('/');
      const family = net.isIP(address);
      const maxPrefix = family === 4 ? 32 : 128;
      const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
      if (family === 0 || !prefixOk || extra !== undefined) {
        throw new Error(`"${entry}" is not an IP address, a CIDR range or one of ${Object.keys(PRESETS).join(', ')}`);
      }
      entries.push(entry);
    }
    if (entries.length === 0) throw new Error('the list of addresses is empty');
    return new AddressList(entries);
  }

  /** True when `address` (an IP; anything else is never in the list) is in the list. */
  has(address: string | undefined): boolean {
    if (!address) return false;
    const plain = unmapped(address);
    const family = net.isIP(plain);
    if (family === 0) return false;
    return this.list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  }
}

/**
 * Reads `TRUST_PROXY`: unset, `0`, `false` or `no` trust no one; a whole number is how many
 * proxies stand in front (`1` for one nginx); anything else is a list for {@link AddressList.parse}.
 * `true` is refused: trusting every hop would believe whatever a client writes.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'no', 'off'].includes(text)) return false;
  if (['true', 'yes', 'on'].includes(text)) {
    throw new Error(
      'TRUST_PROXY=true would believe any X-Forwarded-For a client writes: give the number of proxies in front of the server (1 for one nginx) or their addresses',
    );
  }
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  return { addresses: AddressList.parse(value ?? '') };
}

/** Fastify's `trustProxy` for a policy: whether to believe the proxy at `address`, `hop` steps away. */
export function trustFunction(trust: TrustProxy): false | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  const { addresses } = trust;
  return (address) => addresses.has(address);
}

const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'] as const;

/**
 * Makes a request's forwarding headers safe to read, before anything reads them:
 * - from a peer that is not a trusted proxy, every `X-Forwarded-*` header is dropped (a client
 *   that reaches the server directly cannot claim another address, host or scheme);
 * - in `X-Forwarded-For`, only the addresses after the last entry that is not an IP are kept, so
 *   the walk from the nearest proxy stops at a trusted hop instead of at garbage (`not-an-ip`,
 *   `<script>`), and the client address is always an IP.
 */
export function cleanForwardedHeaders(request: IncomingMessage, trust: TrustProxy): void {
  if (trust === false) return;
  const peerTrusted = 'hops' in trust ? trust.hops > 0 : trust.addresses.has(request.socket.remoteAddress);
  if (!peerTrusted) {
    for (const header of FORWARDED_HEADERS) Reflect.deleteProperty(request.headers, header);
    return;
  }
  const forwarded = request.headers['x-forwarded-for'];
  if (forwarded === undefined) return;
  const entries = [forwarded]
    .flat()
    .join(',')
    .split(',')
    .map((entry) => entry.trim());
  let start = entries.length;
  while (start > 0 && net.isIP(unmapped(entries[start - 1] ?? '')) !== 0) start -= 1;
  const kept = entries.slice(start);
  if (kept.length === 0) Reflect.deleteProperty(request.headers, 'x-forwarded-for');
  else request.headers['x-forwarded-for'] = kept.join(', ');
}

/**
 * Cleans the forwarding headers of every request and WebSocket upgrade the server receives, ahead
 * of every other listener (Fastify's included), so the framework, its logs and its plugins only
 * ever see what {@link cleanForwardedHeaders} leaves.
 */
export function cleanForwardedHeadersOn(server: Server, trust: TrustProxy): void {
  if (trust === false) return;
  const clean = (request: IncomingMessage) => cleanForwardedHeaders(request, trust);
  server.prependListener('request', clean);
  server.prependListener('upgrade', clean);
}

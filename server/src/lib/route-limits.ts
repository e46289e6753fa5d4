import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest, RouteOptions } from 'fastify';

/** IPv6 addresses are counted by their /64 (one household's or phone's allocation), as @fastify/rate-limit does. */
const IPV6_SUBNET = 64;

/** The key of a client's address: IPv4 as it is, IPv6 by its /64, an IPv4-mapped IPv6 as IPv4. */
export function addressKey(ip: string): string {
  return normalizeIP(ip, IPV6_SUBNET);
}

/**
 * Who a limit counts: the signed-in person (guest or account) when there is one, the address only
 * before. Many people share an address (a family's Wi-Fi, a school, a carrier's NAT), so a budget
 * kept per address lets one of them spend everyone's.
 */
export function personKey(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `ip:${addressKey(request.ip)}`;
}

/** Counts per address whoever is asking: only where no person exists yet (sign-in, registration, guest entry). */
function addressKeyOf(request: FastifyRequest): string {
  return `ip:${addressKey(request.ip)}`;
}

type Window = '1 minute' | '1 hour';

/** A route's limit: `max` requests per window, per person once signed in (the rate-limit plugin's default key). */
export function perPerson(max: number, timeWindow: Window = '1 minute') {
  return { config: { rateLimit: { max, timeWindow, keyGenerator: personKey } } };
}

/**
 * A route's limit counted per address even for a signed-in caller: for the routes that make or
 * find a person (a guest or signed-in browser could otherwise try passwords, or make guests, on
 * budgets of its own).
 */
export function perAddress(max: number, timeWindow: Window = '1 minute') {
  return { config: { rateLimit: { max, timeWindow, keyGenerator: addressKeyOf } } };
}

/** A registered route's limit, as tests and docs read it: how many per window, and whom it counts. */
export interface RouteLimit {
  max: number;
  timeWindow: string;
  per: 'person' | 'address';
}

/** The limit a route was registered with (from its options), or null when it has none. */
export function routeLimit(route: Pick<RouteOptions, 'config'>): RouteLimit | null {
  const config: unknown = route.config;
  if (typeof config !== 'object' || config === null || !('rateLimit' in config)) return null;
  const limit = config.rateLimit as { max?: unknown; timeWindow?: unknown; keyGenerator?: unknown } | false;
  if (!limit || typeof limit.max !== 'number') return null;
  return {
    max: limit.max,
    timeWindow: String(limit.timeWindow),
    per: limit.keyGenerator === addressKeyOf ? 'address' : 'person',
  };
}

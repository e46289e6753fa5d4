/** One file the built service worker precaches: its address and revision (null: its name is its revision). */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The precache list workbox-build wrote into a built `sw.js` (a JSON array of entries). */
const MANIFEST = /\[(?:\{"revision":(?:null|"[0-9a-f]+"),"url":"[^"]+"\},?)+\]/;

/** The precache list of a built service worker's source. */
export function precacheOf(source: string): PrecacheEntry[] {
  const found = MANIFEST.exec(source)?.[0];
  if (!found) throw new Error('no precache list in the service worker');
  return JSON.parse(found) as PrecacheEntry[];
}

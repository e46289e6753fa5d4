import { hashKey, type QueryKey } from '@tanstack/react-query';

/**
 * TanStack Query's query key hash (`hashKey`: JSON with every object's keys sorted), given as the
 * client's `queryKeyHashFn`. A key of strings, numbers, booleans and nulls alone (the app's keys,
 * nearly all) has no object to sort, and is hashed by plain `JSON.stringify`: the same hash, without
 * the replacer called for each part. A server render hashes each key a few times (every `useQuery`,
 * prefetch and read of the cache), and the browser hydrates by the same hashes.
 */
export function queryKeyHash(queryKey: QueryKey): string {
  for (const part of queryKey) {
    if (part !== null && typeof part === 'object') return hashKey(queryKey);
  }
  return JSON.stringify(queryKey);
}

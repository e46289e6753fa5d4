/**
 * The tasks feature's query keys, for other features that refresh what it shows: a public entry of
 * its own, so importing it pulls in none of the feature's pages.
 */
export { taskKeys } from './api/keys.ts';

/**
 * The dashboard's query keys, for another feature's operator hooks that change what the dashboard
 * shows (deleting a user): a public entry of its own, so importing it pulls in no dashboard code.
 */
export { operatorKeys } from './api/keys.ts';

/**
 * The route tables and what builds and matches their paths, in one module, for plain JavaScript
 * outside the app (the scripts and benchmarks): the server's build compiles it to
 * `server/dist/route-table.js`, which `scripts/built-server.mjs` (`routeTable()`) imports.
 */
export * as routes from './routes.ts';
export * as operatorRoutes from './operator-routes.ts';
export { API_PREFIX, routePattern, routeUrl } from './route.ts';

import * as operatorRoutes from '@gomeum/contracts/operator-routes';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addRoute, onlyTableRoutes, ROUTES } from './route-table.ts';
import type { App } from './zod-provider.ts';

describe('the route table on the server', () => {
  it('refuses a route that is not in the table, however it is registered', () => {
    const app = Fastify();
    onlyTableRoutes(app);
    expect(() => app.get('/api/not-in-the-table', async () => ({ ok: true }))).toThrow(/not in the route table/);
    // The right path with another method is not the table's either.
    expect(() => app.delete('/api/galaxy', async () => ({ ok: true }))).toThrow(/not in the route table/);
    expect(() => app.get('/api/galaxy', async () => ({ planets: [] }))).not.toThrow();
  });

  it('registers only the table’s own entries, not a look-alike', () => {
    const app = Fastify() as unknown as App;
    const lookAlike = { ...ROUTES.galaxy };
    expect(() => addRoute(app, lookAlike, async () => ({ planets: [] }))).toThrow(/not in the route table/);
  });

  it('keeps every operator path in the operator’s table, all of them for the operator only', () => {
    for (const route of Object.values(ROUTES)) {
      expect(route.path.startsWith('/api/operator/'), route.path).toBe(route.auth === 'operator');
    }
    for (const route of Object.values(operatorRoutes)) expect(route.auth).toBe('operator');
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LIVE_CLOSE } from '@gomeum/contracts';
import { sql } from 'kysely';
import { afterEach, describe, expect } from 'vitest';
import { guestClient } from '../test/accounts.ts';
import { appTest } from '../test/app-test.ts';
import { LiveTestClient } from '../test/live-client.ts';
import { type TestApp } from '../test/test-app.ts';

/** A GET over its own keep-alive connection; resolves with the status, `Connection` header and body. */
function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
        );
      })
      .on('error', reject);
  });
}

const silent = { info: () => undefined, warn: () => undefined };

/** A real app per test, with a route that answers only when the test says so. */
const it = appTest({ testRoutes: ['GET /test/slow'] }, 'test');

describe('graceful shutdown', () => {
  const agents: http.Agent[] = [];
  afterEach(() => {
    for (const agent of agents.splice(0)) agent.destroy();
  });

  /** The test's app on a real port, its slow route held until `release`. */
  async function serve(t: TestApp) {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let arrived: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    t.app.get('/test/slow', async () => {
      arrived();
      await released;
      return { done: true };
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true });
    agents.push(agent);
    return { app: t, port, agent, release, inFlight };
  }

  it('stops accepting, sends live clients away to reconnect, finishes requests in flight, then closes the database', async ({
    t,
  }) => {
    const { app, port, agent, release, inFlight } = await serve(t);
    const { client } = await guestClient(app);
    const socket = await LiveTestClient.connect(`http://127.0.0.1:${port}`, client);
    // A keep-alive connection that is idle when the shutdown starts must not hold it up.
    expect((await get(port, '/healthz', new http.Agent({ keepAlive: true }))).status).toBe(200);
    const slow = get(port, '/test/slow', agent);
    await inFlight;

    const outcome = app.shutdown.run(15_000, silent);
    // Live clients hear "going away" (reconnect), while the request in flight is still running.
    expect(await socket.closed).toBe(LIVE_CLOSE.goingAway);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

    release();
    expect(await slow).toEqual({ status: 200, connection: 'close', body: '{"done":true}' });
    expect(await outcome).toBe('clean');
    await expect(sql`select 1`.execute(app.database.db)).rejects.toThrow();
  });

  it('cuts what is left at the deadline', async ({ t }) => {
    const { app, port, agent, inFlight } = await serve(t);
    const slow = get(port, '/test/slow', agent);
    await inFlight;
    expect(await app.shutdown.run(300, silent)).toBe('deadline');
    await expect(slow).rejects.toThrow(/socket hang up|ECONNRESET/);
  });
});

import { describe, expect } from 'vitest';
import { guestClient } from '../../test/accounts.ts';
import { FakeAi } from '../../../../scripts/fake-ai.mjs';
import { appTest } from '../../test/app-test.ts';
import { PrivateRedis } from '../../test/private-redis.ts';
import { TestClient, type TestApp } from '../../test/test-app.ts';
import { AddressList } from '../../lib/client-address.ts';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line (`name{labels} value`) in Prometheus' text format, or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

const it = appTest();

describe('GET /metrics', () => {
  const scrape = async (app: TestApp) => {
    const response = await new TestClient(app, { headers: { authorization: `Bearer ${TOKEN}` } }).get('/metrics');
    expect(response.status).toBe(200);
    return response.text;
  };

  it('is off (404) unless a token or addresses are configured', async ({ t }) => {
    expect((await new TestClient(t).get('/metrics')).status).toBe(404);
    expect((await new TestClient(t, { headers: { authorization: `Bearer ${TOKEN}` } }).get('/metrics')).status).toBe(
      404,
    );
  });

  it('answers the right bearer token only', async ({ newApp }) => {
    const t = await newApp({ metrics: { token: TOKEN } });
    expect((await new TestClient(t).get('/metrics')).status).toBe(403);
    const wrong = new TestClient(t, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect((await wrong.get('/metrics')).status).toBe(403);
    const right = await new TestClient(t, { headers: { authorization: `Bearer ${TOKEN}` } }).get('/metrics');
    expect(right.status).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers['cache-control']).toBe('no-store');
  });

  it('takes the scheme in any case, as HTTP says: bearer, BEARER', async ({ newApp }) => {
    const t = await newApp({ metrics: { token: TOKEN } });
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const response = await new TestClient(t, { headers: { authorization: `${scheme} ${TOKEN}` } }).get('/metrics');
      expect(response.status, scheme).toBe(200);
    }
    for (const header of [`Basic ${TOKEN}`, `bearer${TOKEN}`, `bearer ${TOKEN} extra`, TOKEN]) {
      const response = await new TestClient(t, { headers: { authorization: header } }).get('/metrics');
      expect(response.status, header).toBe(403);
    }
  });

  it('answers allowed addresses only', async ({ newApp }) => {
    const t = await newApp({ metrics: { allow: AddressList.parse('10.1.0.0/16, ::1') } });
    expect((await new TestClient(t, { remoteAddress: '10.1.2.3' }).get('/metrics')).status).toBe(200);
    expect((await new TestClient(t, { remoteAddress: '10.2.0.1' }).get('/metrics')).status).toBe(403);
  });

  it('counts requests per route pattern and status, database queries and open connections', async ({ newApp }) => {
    const t = await newApp({ metrics: { token: TOKEN } });
    const { client } = await guestClient(t);
    for (let i = 0; i < 3; i += 1)
      expect((await client.get('/api/files/proofs/missing0123456789abcdef.webp')).status).toBe(404);
    expect((await new TestClient(t).get('/healthz')).status).toBe(200);

    const text = await scrape(t);
    expect(
      sample(
        text,
        'gomeum_http_request_duration_seconds_count',
        'method="GET",route="/api/files/:folder/:name",status="404"',
      ),
    ).toBe(3);
    expect(
      sample(text, 'gomeum_http_request_duration_seconds_count', 'method="POST",route="/api/auth/guest",status="200"'),
    ).toBe(1);
    expect(
      sample(text, 'gomeum_http_request_duration_seconds_count', 'method="GET",route="/healthz",status="200"'),
    ).toBe(1);
    expect(sample(text, 'gomeum_db_query_duration_seconds_count', 'outcome="ok"')).toBeGreaterThan(10);
    expect(sample(text, 'gomeum_live_sockets')).toBe(0);
    expect(sample(text, 'gomeum_http_connections')).toBe(0);
    // The daily job ran once on this instance (at start, or now).
    await t.services.jobs.runDue();
    expect(
      sample(await scrape(t), 'gomeum_job_run_duration_seconds_count', 'job="privacy.retention",outcome="ok"'),
    ).toBe(1);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('measures the lag of live events from another instance, through the bus', async ({ newApp }) => {
    let redisUrl = '';
    const a = await newApp(async (after) => {
      redisUrl = (await PrivateRedis.forApp(after)).url;
      return { metrics: { token: TOKEN }, redisUrl };
    });
    const b = await newApp({ metrics: { token: TOKEN }, redisUrl, redisPrefix: a.config.redisPrefix });
    const lagCount = async (app: TestApp) => sample(await scrape(app), 'gomeum_live_delivery_lag_seconds_count') ?? 0;
    const before = await lagCount(b);
    await a.services.live.publishToAll({ type: 'presence.changed', online: false });
    await expect.poll(() => lagCount(b)).toBeGreaterThan(before);
    // Delivered on the publishing instance at once: no bus, no lag to measure there.
    expect(await lagCount(a)).toBe(0);
  });

  it('times AI answers, and counts the failed ones (answered with the fallback)', async ({ newApp }) => {
    const fake = new FakeAi();
    const t = await newApp(async (after) => {
      const baseUrl = await fake.start();
      after(() => fake.stop());
      return {
        metrics: { token: TOKEN },
        ai: { baseUrl, apiKey: 'sk-metrics', model: 'gpt-4', timeoutMs: 2000 },
        chatRateLimit: { messages: 100, aiReplies: 100 },
      };
    });
    const { client } = await guestClient(t);
    expect((await client.post('/api/chat/messages', { content: 'one' })).status).toBe(200);
    await t.services.chat.idle();
    fake.mode = { kind: 'error', status: 500 };
    expect((await client.post('/api/chat/messages', { content: 'two' })).status).toBe(200);
    await t.services.chat.idle();

    const text = await scrape(t);
    expect(fake.requests).toHaveLength(2);
    expect(sample(text, 'gomeum_ai_request_duration_seconds_count', 'outcome="ok"')).toBe(1);
    expect(sample(text, 'gomeum_ai_request_duration_seconds_count', 'outcome="failed"')).toBe(1);
  });
});

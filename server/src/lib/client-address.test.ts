import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { loadConfig } from '../config.ts';
import { appTest, type NewApp } from '../test/app-test.ts';
import { parseTrustProxy, type TrustProxy } from './client-address.ts';

const it = appTest();

describe('TRUST_PROXY', () => {
  it('reads off, a hop count, or a list of addresses, ranges and named ranges', () => {
    for (const off of [undefined, '', '0', 'false', 'no']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('1')).toEqual({ hops: 1 });
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    const trust = parseTrustProxy('10.0.0.7, 192.168.0.0/16, loopback, fd00::/8');
    if (trust === false || !('addresses' in trust)) throw new Error('expected a list');
    for (const inside of ['10.0.0.7', '192.168.44.1', '127.0.0.1', '::1', '::ffff:127.0.0.2', 'fd12::1']) {
      expect(trust.addresses.has(inside), inside).toBe(true);
    }
    for (const outside of ['10.0.0.8', '192.169.0.1', 'fe80::1', '8.8.8.8', 'not-an-ip', '']) {
      expect(trust.addresses.has(outside), outside).toBe(false);
    }
  });

  it('refuses to trust every hop, and anything that is not an address', () => {
    expect(() => parseTrustProxy('true')).toThrow(/number of proxies/);
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129', ',']) {
      expect(() => parseTrustProxy(bad), bad).toThrow();
    }
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/Invalid environment:\n {2}TRUST_PROXY: /);
    const fromEnv = loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy;
    expect(fromEnv !== false && 'addresses' in fromEnv && fromEnv.addresses.has('127.0.0.1')).toBe(true);
  });
});

/** Requests over a real socket from a chosen loopback address, as a proxy or a client would. */
function request(
  port: number,
  path: string,
  options: { from: string; method?: string; headers?: Record<string, string> },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        localAddress: options.from,
        headers: options.headers,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the client address behind a proxy', () => {
  /** A real app on a real port, with a route that tells what the server believes about the client. */
  async function serve(newApp: NewApp, trustProxy: TrustProxy, guestLimit = 1000): Promise<number> {
    const t = await newApp({
      trustProxy,
      rateLimit: { auth: 1000, guest: guestLimit },
      testRoutes: ['GET /test/client'],
    });
    t.app.get('/test/client', async (req) => ({ ip: req.ip, protocol: req.protocol, host: req.host }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  }

  const client = async (port: number, from: string, headers: Record<string, string>) =>
    JSON.parse((await request(port, '/test/client', { from, headers })).body) as {
      ip: string;
      protocol: string;
      host: string;
    };

  it('with a hop count, takes the address the nearest proxy appended, whatever came before it', async ({ newApp }) => {
    const port = await serve(newApp, { hops: 1 });
    expect((await client(port, '127.0.0.2', { 'x-forwarded-for': '6.6.6.6, 1.2.3.4' })).ip).toBe('1.2.3.4');
    expect((await client(port, '127.0.0.2', { 'x-forwarded-for': '<script>x</script>, 5.5.5.5' })).ip).toBe('5.5.5.5');
  });

  it('ignores a forwarded address that is not an IP: the last trusted hop is the client', async ({ newApp }) => {
    const port = await serve(newApp, { hops: 1 });
    for (const forged of ['not-an-ip', '<script>alert(1)</script>', '5.5.5.5, not-an-ip', '1.2.3.4:5678', 'unknown']) {
      expect((await client(port, '127.0.0.2', { 'x-forwarded-for': forged })).ip, forged).toBe('127.0.0.2');
    }
  });

  it('with addresses, believes only those proxies, and nothing a client sends directly', async ({ newApp }) => {
    const port = await serve(newApp, parseTrustProxy('127.0.0.2'));
    // Through the proxy: the client at 127.0.0.1 forged an address; the proxy appended the real one.
    const viaProxy = await client(port, '127.0.0.2', {
      'x-forwarded-for': '6.6.6.6, 127.0.0.1',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'gomeum.example',
    });
    expect(viaProxy).toEqual({ ip: '127.0.0.1', protocol: 'https', host: 'gomeum.example' });
    // Straight to the server from an address that is not the proxy: no forwarded header counts.
    const direct = await client(port, '127.0.0.3', {
      'x-forwarded-for': '6.6.6.6',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    });
    expect(direct).toEqual({ ip: '127.0.0.3', protocol: 'http', host: `127.0.0.1:${port}` });
  });

  it('when off, ignores every forwarded header', async ({ newApp }) => {
    const port = await serve(newApp, false);
    const seen = await client(port, '127.0.0.2', { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' });
    expect(seen).toEqual({ ip: '127.0.0.2', protocol: 'http', host: `127.0.0.1:${port}` });
  });

  it('keeps one rate-limit bucket per real client, however the forged part of the header rotates', async ({
    newApp,
  }) => {
    const port = await serve(newApp, parseTrustProxy('127.0.0.2'), 3);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const forged = `10.0.${i}.${i}`;
      // As the proxy forwards it: the client's forged value, then the client's real address.
      const response = await request(port, '/api/auth/guest', {
        from: '127.0.0.2',
        method: 'POST',
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Another real client behind the same proxy has a bucket of its own.
    const other = await request(port, '/api/auth/guest', {
      from: '127.0.0.2',
      method: 'POST',
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(other.status).toBe(200);
  });
});

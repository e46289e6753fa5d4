import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect } from 'vitest';
import { appTest } from '../test/app-test.ts';
import { securityHeaders, SITE_SECURITY_HEADERS } from './security-headers.ts';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet itself sets on a real HTTP response. */
async function helmetOnARealResponse(options: HelmetOptions): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = http.createServer((request, response) => {
    middleware(request, response, () => response.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding'].includes(name))
        headers[name] = value;
    });
    return headers;
  } finally {
    server.close();
  }
}

const it = appTest();

describe('security headers', () => {
  it('are exactly the ones helmet sets on a response, computed once', async () => {
    const computed = await securityHeaders(OPTIONS);
    expect(computed).toEqual(await helmetOnARealResponse(OPTIONS));
    expect(computed['content-security-policy']).toBe("default-src 'self';frame-ancestors 'none'");
    expect(computed['x-content-type-options']).toBe('nosniff');
    expect(computed).not.toHaveProperty('cross-origin-embedder-policy');
    expect(Object.isFrozen(computed)).toBe(true);
  });

  it("are the site's own on every reply", async ({ t }) => {
    const computed = await securityHeaders(SITE_SECURITY_HEADERS);
    expect(computed['content-security-policy']).toContain("script-src 'self';");
    expect(computed['referrer-policy']).toBe('same-origin');
    const reply = await t.app.inject({ method: 'GET', url: '/healthz' });
    for (const [name, value] of Object.entries(computed)) expect(reply.headers[name]).toBe(value);
  });

  it('fail the start when helmet refuses its options', async () => {
    await expect(
      securityHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { scriptSrc: ["'self'"] } } }),
    ).rejects.toThrow();
  });
});

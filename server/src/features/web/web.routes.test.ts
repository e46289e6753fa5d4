import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('web app serving', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'gomeum-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Gomeum</title><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'version.json'), JSON.stringify({ version: '2026-11-22-test' }));
    fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    '/',
    '/register',
    '/galaxy',
    '/planet/moon',
    '/task/music',
    '/user-log',
    '/user-log/abc',
    '/gomeum-log',
    '/gomeum-log/food',
    '/gomeum-dashboard',
    '/update/42',
  ])('answers the page %s with the app shell', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown page with the app shell and a 404 status', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root">');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'errors.not_found', message: 'Not found.' } });
  });

  it('serves hashed assets with long-lived caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves /version.json from the build, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(response.json()).toEqual({ version: '2026-11-22-test' });
    expect(response.headers['cache-control']).toMatch(/no-store/);
  });

  it('announces a web build deployed while the server runs, without a restart', async () => {
    const file = path.join(webDist, 'version.json');
    fs.writeFileSync(file, JSON.stringify({ version: '2026-11-23-next' }));
    // A later modification time, as a real deployment has.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    const response = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(response.json()).toEqual({ version: '2026-11-23-next' });
  });

  it('sends a strict Content-Security-Policy and nosniff', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

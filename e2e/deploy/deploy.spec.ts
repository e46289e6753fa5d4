import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staleReason } from '../../scripts/build-state.mjs';
import { launchBrowser } from '../support/browser.ts';
import {
  cookieOf,
  createDatabase,
  freePort,
  metric,
  PROXY_ADDRESS,
  rawRequest,
  REPO,
  startInstance,
  startNginx,
  startRedis,
  startS3,
  waitForHealthy,
  type Instance,
} from './cluster.ts';

/**
 * The documented deployment, for real: three built instances (`npm start` in a built tree, which
 * CI installs with `npm ci --omit=dev`) on one PostgreSQL database, one Redis and an S3-compatible
 * store, behind nginx running `deploy/nginx.conf`, used by a real browser through nginx only.
 */

const DATABASE = process.env.TEST_DATABASE_URL;
/** The built tree to run: CI's production-only install, else this checkout (built). */
const ROOT = path.resolve(process.env.DEPLOY_ROOT ?? REPO);
const OPERATOR = { email: 'gomeum@example.com', password: 'deploy-operator-password' };
const LIMITS = { auth: 5, guest: 6, chat: 40 };
// A small coral PNG, as a phone would send a proof photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVRIie3VwQkAMAwCwA7qJC5vx2gfB/kHgvHOmidzLK5TT7jinapApjIDiWIxWCwWh8VgsVjcVyxeL/WW6VdGLmkAAAAASUVORK5CYII=',
  'base64',
);

const sha = (bytes: Buffer | string) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Every file of a build folder, relative path → SHA-256. */
function digest(dir: string): Map<string, string> {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  return new Map(files.map((file) => [file, sha(fs.readFileSync(path.join(dir, file)))]));
}

/** What a page's live channel has done: `ready` frames heard, and which instance its socket is on. */
interface LiveState {
  ready: number;
  /** `host:port` of the instance the newest socket went to, as nginx reports it (X-Upstream). */
  upstream: string;
}

/** Follows a page's live channel, through Chromium's DevTools protocol (handshake headers included). */
async function trackLive(page: Page): Promise<LiveState> {
  const state: LiveState = { ready: 0, upstream: '' };
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"type":"ready"')) state.ready += 1;
    });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
    const headers = event.response.headers as Record<string, string>;
    state.upstream = headers['X-Upstream'] ?? headers['x-upstream'] ?? '';
  });
  return state;
}

describe.skipIf(!DATABASE)('three instances behind nginx', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-deploy-'));
  const secondBuild = path.join(REPO, 'web/dist-check-deploy');
  const instances: Instance[] = [];
  /** What to stop and remove at the end, newest first, pushed as each piece starts. */
  const cleanup: (() => Promise<void> | void)[] = [];
  let database: { url: string; drop: () => Promise<void> };
  let env: NodeJS.ProcessEnv;
  let proxy: string;
  let db: pg.Client;
  let browser: Browser;

  /** A browser profile that only ever talks to nginx. */
  async function openContext(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      baseURL: proxy,
      locale: 'en-US',
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => {
      throw error;
    });
    return { context, page };
  }

  async function enterAsGuest(page: Page): Promise<void> {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Enter as a guest' }).click();
    await page.waitForURL('**/galaxy');
  }

  /** Live sockets open on each instance, by their metrics (0 for a stopped instance). */
  async function socketsPerInstance(): Promise<number[]> {
    return Promise.all(
      instances.map((instance) =>
        instance.service.running ? metric(instance, 'gomeum_live_sockets') : Promise.resolve(0),
      ),
    );
  }

  beforeAll(async () => {
    const stale = staleReason(ROOT);
    if (stale) throw new Error(`${ROOT} is not built (${stale}): run \`npm run build\` first`);

    // A second web build, made apart from the deployed one: instance 3 serves it.
    const viteEnv = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) => !['NODE_ENV', 'BUILD_VERSION', 'MODE'].includes(key) && !key.startsWith('VITE'),
      ),
    );
    await promisify(execFile)(
      process.execPath,
      [
        path.join(REPO, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        secondBuild,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: path.join(REPO, 'web'), env: viteEnv },
    );

    cleanup.push(() => fs.rmSync(work, { recursive: true, force: true }));
    cleanup.push(() => fs.rmSync(secondBuild, { recursive: true, force: true }));
    database = await createDatabase(DATABASE ?? '');
    cleanup.push(database.drop);
    const redis = await startRedis(work);
    cleanup.push(() => redis.service.stop());
    const s3 = await startS3(fs.mkdtempSync(path.join(work, 's3-')));
    cleanup.push(s3.close);

    const inherited = { ...process.env };
    for (const key of [
      'DATABASE_URL',
      'REDIS_URL',
      'AI_API_KEY',
      'NODE_ENV',
      'TRUST_PROXY',
      'WEB_DIST',
      'PORT',
      'HOST',
    ]) {
      Reflect.deleteProperty(inherited, key);
    }
    env = {
      ...inherited,
      ...s3.env,
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      TRUST_PROXY: PROXY_ADDRESS,
      METRICS_ALLOW: '127.0.0.1',
      GOMEUM_OPERATOR_EMAIL: OPERATOR.email,
      GOMEUM_OPERATOR_PASSWORD: OPERATOR.password,
      AUTH_RATE_LIMIT: String(LIMITS.auth),
      GUEST_RATE_LIMIT: String(LIMITS.guest),
      CHAT_RATE_LIMIT: String(LIMITS.chat),
      SHUTDOWN_DEADLINE_MS: '10000',
      LOG_LEVEL: 'warn',
    };
    // All three at once, on the empty database: migrations must not race.
    const ports = [await freePort(), await freePort(), await freePort()];
    for (const [index, port] of ports.entries()) {
      const dataDir = fs.mkdtempSync(path.join(work, `data-${index + 1}-`));
      const extra = index === 2 ? { WEB_DIST: secondBuild } : {};
      instances.push(startInstance(ROOT, index + 1, port, { ...env, ...extra, DATA_DIR: dataDir }, work));
    }
    cleanup.push(async () => {
      await Promise.all(instances.map((instance) => instance.service.stop()));
    });
    await Promise.all(instances.map((instance) => waitForHealthy(instance)));

    const nginx = await startNginx(fs.mkdtempSync(path.join(work, 'nginx-')), ports);
    cleanup.push(() => nginx.service.stop());
    proxy = nginx.url;
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanup.push(() => db.end());
    browser = await launchBrowser();
    cleanup.push(() => browser.close());
  }, 240_000);

  afterAll(async () => {
    for (const step of cleanup.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('cleanup:', error);
      }
    }
  }, 60_000);

  it('came up together on an empty database: migrations once, one operator, one build version everywhere', async () => {
    const migrations = await db.query<{ name: string; count: string }>(
      'SELECT name, count(*) AS count FROM kysely_migration GROUP BY name',
    );
    expect(migrations.rows.length).toBeGreaterThanOrEqual(2);
    expect(migrations.rows.every((row) => row.count === '1')).toBe(true);
    const operators = await db.query("SELECT id FROM users WHERE role = 'operator'");
    expect(operators.rowCount).toBe(1);
    const versions = await Promise.all(
      instances.map(
        async (instance) =>
          ((await (await fetch(`${instance.url}/version.json`)).json()) as { version: string }).version,
      ),
    );
    expect(new Set(versions).size).toBe(1);
    expect(versions[0]).toMatch(/^[0-9a-f]{16}$/);
  });

  it('serves every file of the build, lazy chunks included, byte for byte the same from each instance, even one built apart', async () => {
    const deployed = digest(path.join(ROOT, 'web/dist'));
    expect(digest(secondBuild)).toEqual(deployed);
    expect(
      [...deployed.keys()].filter((file) => file.startsWith('assets/') && file.endsWith('.js')).length,
    ).toBeGreaterThan(5);
    for (const [file, hash] of deployed) {
      for (const instance of instances) {
        const response = await fetch(`${instance.url}/${file}`);
        expect(response.status, `${file} from instance ${instance.index}`).toBe(200);
        expect(sha(Buffer.from(await response.arrayBuffer())), `${file} from instance ${instance.index}`).toBe(hash);
      }
    }
  });

  it('loads every page and lazy chunk in the browser, whichever instance answers each request', async () => {
    const failures: string[] = [];
    const watch = (page: Page) => {
      page.on('response', (response) => {
        if (response.status() >= 400) {
          failures.push(`${String(response.status())} ${response.url()}`);
        }
      });
      // Requests a navigation cut short (ERR_ABORTED) are the page's choice, not a failure.
      page.on('requestfailed', (request) => {
        const reason = request.failure()?.errorText ?? '';
        if (reason !== 'net::ERR_ABORTED') failures.push(`${reason} ${request.url()}`);
      });
    };
    const opened: BrowserContext[] = [];
    for (let round = 0; round < 2; round += 1) {
      const { context, page } = await openContext();
      opened.push(context);
      watch(page);
      await page.goto('/');
      await page.getByRole('link', { name: 'Enter the universe' }).waitFor();
      await enterAsGuest(page);
      for (const [pathname, heading] of [
        ['/planet/music', 'Music'],
        ['/task/music', 'Your task'],
        ['/planet/moon', 'Moon'],
        ['/gomeum-log/music', "Gomeum's log on Music"],
      ] as const) {
        await page.goto(pathname);
        await page.getByRole('heading', { name: heading }).first().waitFor();
      }
    }
    const { context, page } = await openContext();
    opened.push(context);
    watch(page);
    await page.goto('/register');
    await page.getByLabel('Email').fill(OPERATOR.email);
    await page.getByLabel('Password').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/gomeum-dashboard');
    await page.getByRole('heading', { name: 'Gomeum dashboard' }).waitFor();
    expect(failures).toEqual([]);
    // The requests went to every instance (nginx's access log would say the same).
    const served = await Promise.all(
      instances.map((instance) => metric(instance, 'gomeum_http_request_duration_seconds_count')),
    );
    expect(served.every((count) => count > 0)).toBe(true);
    for (const context of opened) await context.close();
  });

  // The user and the operator of the next tests, each in a browser of their own.
  let user: { context: BrowserContext; page: Page; guestId: string; live: LiveState; loads: number };
  let operator: { page: Page; live: LiveState };

  const userPanel = () => user.page.getByRole('dialog', { name: 'Chat with Gomeum' });
  const conversation = () => operator.page.getByRole('region', { name: 'Conversation', exact: true });
  const instanceAt = (upstream: string) =>
    instances.find((instance) => upstream === `127.0.0.1:${String(instance.port)}`);

  /** Opens the chat panel on the user's page, once its live channel is up. */
  async function openUserPanel(): Promise<void> {
    await user.page.getByRole('button', { name: /Chat with Gomeum/ }).click();
    await userPanel().getByRole('textbox', { name: 'Your message' }).waitFor();
  }

  /** (Re)loads the operator's dashboard with the user's conversation open, until its socket is not on `avoid`. */
  async function openOperatorConversation(avoid: string): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const ready = operator.live.ready;
      await operator.page.goto('/gomeum-dashboard');
      await operator.page.getByRole('button', { name: 'Online: you answer' }).waitFor();
      await expect.poll(() => operator.live.ready).toBeGreaterThan(ready);
      if (operator.live.upstream !== avoid) break;
      expect(attempt, 'the dashboard socket keeps landing on the same instance').toBeLessThan(12);
    }
    await operator.page.getByRole('link', { name: 'Chat inbox' }).click();
    // The conversation's row (named by the user first), not the queue's rows beside it ("Chat …", "Proof …").
    await operator.page
      .getByRole('region', { name: 'Conversations', exact: true })
      .getByRole('button', { name: new RegExp(`^${user.guestId}`) })
      .click();
    await conversation().waitFor();
  }

  it('keeps a session on every instance, and stores the browser’s own address for its visits', async () => {
    const { context, page } = await openContext();
    const live = await trackLive(page);
    user = { context, page, guestId: '', live, loads: 0 };
    page.on('load', () => (user.loads += 1));
    await enterAsGuest(page);
    const me = (await (await page.request.get('/api/me')).json()) as { id: string; guestId: string };
    user.guestId = me.guestId;
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    for (const instance of instances) {
      const response = await fetch(`${instance.url}/api/me`, { headers: { cookie } });
      expect(response.status, `instance ${String(instance.index)}`).toBe(200);
      expect(((await response.json()) as { id: string }).id).toBe(me.id);
    }
    // (The galaxy the guest entered on is reported too, when its report leaves before the next
    // page replaces it: each page is counted on its own.)
    const visitsTo = async (pathname: string) =>
      (await db.query('SELECT ip FROM page_visits WHERE user_id = $1 AND page = $2', [me.id, pathname])).rows.length;
    for (const pathname of ['/planet/music', '/planet/food']) {
      await page.goto(pathname);
      await expect.poll(() => visitsTo(pathname)).toBe(1);
    }
    const visits = await db.query<{ ip: string }>('SELECT DISTINCT ip FROM page_visits WHERE user_id = $1', [me.id]);
    expect(visits.rows).toEqual([{ ip: '127.0.0.1' }]);
  });

  it('lets a user on one instance and the operator on another chat both ways, live', async () => {
    await openUserPanel();
    await expect.poll(() => user.live.upstream).not.toBe('');
    const { page } = await openContext();
    operator = { page, live: await trackLive(page) };
    await page.goto('/register');
    await page.getByLabel('Email').fill(OPERATOR.email);
    await page.getByLabel('Password').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/gomeum-dashboard');
    const input = userPanel().getByRole('textbox', { name: 'Your message' });
    await input.fill('Hello from one instance');
    await input.press('Enter');
    await openOperatorConversation(user.live.upstream);
    expect(instanceAt(user.live.upstream)).toBeDefined();
    expect(instanceAt(operator.live.upstream)).toBeDefined();
    expect(operator.live.upstream).not.toBe(user.live.upstream);

    await conversation().getByText('Hello from one instance').waitFor();
    // Live both ways, nothing reloaded from here on.
    await input.fill('Can you hear me over there?');
    await input.press('Enter');
    await conversation().getByText('Can you hear me over there?').waitFor();
    await conversation()
      .getByRole('textbox', { name: 'Reply as Gomeum' })
      .fill('Loud and clear, from another instance.');
    await conversation().getByRole('button', { name: 'Send' }).click();
    await userPanel()
      .locator('[data-sender="gomeum"]', { hasText: 'Loud and clear, from another instance.' })
      .waitFor();
    // Those crossed instances through Redis: the receiving instances measured the bus's lag.
    const lags = await Promise.all(
      instances.map((instance) => metric(instance, 'gomeum_live_delivery_lag_seconds_count')),
    );
    expect(lags.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
  });

  it('serves a proof photo uploaded through one instance from every instance, to its owner and the operator only', async () => {
    const { page } = user;
    await page.goto('/task/music');
    await page.getByLabel('Description').fill('Learn one song by ear');
    await page.getByLabel('Reward').fill('A new guitar pick');
    await page.getByRole('button', { name: 'Confirm Task' }).click();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Proof' });
    await form.getByLabel('Proof title').fill('Played it');
    await form.getByLabel('What did you do?').fill('Played the melody of a lullaby by ear.');
    await form.getByLabel('Photo (optional)').setInputFiles({ name: 'song.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Send proof' }).click();
    await page.getByText('Task submitted successfully!').waitFor();
    // One proof reaches the default goal: Gomeum celebrates; the user closes it and goes on.
    const celebration = page.getByRole('dialog', { name: 'You did it!' });
    await celebration.getByRole('button', { name: 'Hooray!' }).click();
    await celebration.waitFor({ state: 'hidden' });
    const photo = page.getByRole('region', { name: 'Your log' }).getByRole('img', { name: 'Photo for “Played it”' });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
    const src = await photo.getAttribute('src');
    expect(src).toMatch(/^\/api\/files\//);

    const userCookie = (await user.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const operatorCookie = (await operator.page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const hashes = new Set<string>();
    for (const instance of instances) {
      for (const cookie of [userCookie, operatorCookie]) {
        const response = await fetch(`${instance.url}${src ?? ''}`, { headers: { cookie } });
        expect(response.status, `instance ${instance.index}`).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/webp');
        hashes.add(sha(Buffer.from(await response.arrayBuffer())));
      }
      expect((await fetch(`${instance.url}${src ?? ''}`)).status).toBe(404);
    }
    expect(hashes.size).toBe(1);
  });

  it('shares the chat rate limit between the instances', async () => {
    const guest = await rawRequest(`${proxy}/api/auth/guest`, { from: '127.0.0.10', method: 'POST' });
    expect(guest.status).toBe(200);
    const cookie = cookieOf(guest);
    const statuses: number[] = [];
    const upstreams = new Set<string>();
    for (let i = 0; i <= LIMITS.chat; i += 1) {
      const response = await rawRequest(`${proxy}/api/chat/messages`, {
        from: '127.0.0.10',
        method: 'POST',
        headers: { cookie },
        body: JSON.stringify({ content: `message ${String(i)}` }),
      });
      statuses.push(response.status);
      upstreams.add(String(response.headers['x-upstream']));
    }
    expect(upstreams.size).toBe(3);
    expect(statuses.slice(0, LIMITS.chat).every((status) => status === 200)).toBe(true);
    expect(statuses[LIMITS.chat]).toBe(429);
  });

  it('lets no forged X-Forwarded-For through nginx bypass a limit or become the stored visit address', async () => {
    const forged = [
      '1.2.3.4',
      'not-an-ip',
      '<script>alert(1)</script>',
      '81.2.69.142',
      '2001:db8::1',
      'unknown',
      '10.0.0.1',
      '8.8.8.8',
    ];
    // Logins: wrong passwords, a new forged address each time.
    const logins: number[] = [];
    const upstreams = new Set<string>();
    for (const address of forged) {
      const response = await rawRequest(`${proxy}/api/auth/login`, {
        from: '127.0.0.9',
        method: 'POST',
        headers: { 'x-forwarded-for': address },
        body: JSON.stringify({ email: OPERATOR.email, password: 'not-the-password' }),
      });
      logins.push(response.status);
      upstreams.add(String(response.headers['x-upstream']));
    }
    expect(upstreams.size).toBeGreaterThan(1);
    expect(logins.slice(0, LIMITS.auth).every((status) => status !== 429)).toBe(true);
    expect(logins.slice(LIMITS.auth).every((status) => status === 429)).toBe(true);

    // Guests: the same.
    const guests: { status: number; cookie: string }[] = [];
    for (const address of forged) {
      const response = await rawRequest(`${proxy}/api/auth/guest`, {
        from: '127.0.0.9',
        method: 'POST',
        headers: { 'x-forwarded-for': address },
      });
      guests.push({ status: response.status, cookie: cookieOf(response) });
    }
    expect(guests.map((g) => g.status)).toEqual([...forged.map((_, i) => (i < LIMITS.guest ? 200 : 429))]);

    // Visits: whatever the client claims, the stored address is the one nginx saw.
    const cookie = guests[0]?.cookie ?? '';
    const me = await rawRequest(`${proxy}/api/me`, { from: '127.0.0.9', headers: { cookie } });
    const id = (JSON.parse(me.body) as { id: string }).id;
    for (const address of forged) {
      const response = await rawRequest(`${proxy}/api/visits`, {
        from: '127.0.0.9',
        method: 'POST',
        headers: { cookie, 'x-forwarded-for': address },
        body: JSON.stringify({ page: '/galaxy' }),
      });
      expect(response.status).toBe(200);
    }
    const visits = await db.query<{ ip: string; city: string | null }>(
      'SELECT ip, city FROM page_visits WHERE user_id = $1',
      [id],
    );
    expect(visits.rows).toHaveLength(forged.length);
    expect(visits.rows.every((row) => row.ip === '127.0.0.9' && row.city === null)).toBe(true);
  });

  it('stops an instance on SIGTERM without losing an acknowledged message; its clients reconnect elsewhere', async () => {
    await openUserPanel();
    await expect.poll(() => user.live.upstream).not.toBe('');
    // The user's socket is on the instance that stops; the operator watches from another one.
    await openOperatorConversation(user.live.upstream);
    const victim = instanceAt(user.live.upstream);
    if (!victim) throw new Error(`no instance at ${user.live.upstream}`);

    const acknowledged: { id: number; userId: string; content: string }[] = [];
    const failed: string[] = [];
    user.page.on('response', async (response) => {
      if (!response.url().endsWith('/api/chat/messages') || response.request().method() !== 'POST') return;
      if (response.status() !== 200) failed.push(`${String(response.status())} ${await response.text()}`);
      else {
        const { message } = (await response.json()) as { message: { id: number; userId: string; content: string } };
        acknowledged.push(message);
      }
    });
    user.page.on('requestfailed', (request) => {
      if (request.url().endsWith('/api/chat/messages')) failed.push(request.failure()?.errorText ?? 'failed');
    });
    const readyBefore = user.live.ready;
    const loadsBefore = user.loads;

    // The user keeps writing while the instance under their socket stops, each message once the
    // one before it was answered.
    const input = userPanel().getByRole('textbox', { name: 'Your message' });
    const total = 24;
    for (let i = 0; i < total; i += 1) {
      await input.fill(`Through the restart, message ${String(i)}`);
      await input.press('Enter');
      if (i === 6) victim.service.signal('SIGTERM');
      await expect.poll(() => acknowledged.length + failed.length, { timeout: 20_000 }).toBeGreaterThan(i);
    }
    expect(await victim.service.exited).toBe(0);
    expect(acknowledged.length + failed.length).toBe(total);
    expect(failed).toEqual([]);

    // The tab reconnected, to another instance, without reloading.
    await expect.poll(() => user.live.ready, { timeout: 20_000 }).toBeGreaterThan(readyBefore);
    expect(user.live.upstream).not.toBe(`127.0.0.1:${String(victim.port)}`);
    expect(user.loads).toBe(loadsBefore);
    // The instances left hold the two sockets, the user's and the operator's, and no stale one.
    await expect.poll(async () => (await socketsPerInstance()).reduce((sum, count) => sum + count, 0)).toBe(2);

    // Every acknowledged message is stored (named by its number in the user's conversation), and on both screens.
    const stored = await db.query<{ seq: number }>(
      'SELECT seq FROM chat_messages WHERE user_id = $1 AND seq = ANY($2::integer[])',
      [acknowledged[0]?.userId, acknowledged.map((message) => message.id)],
    );
    expect(stored.rows).toHaveLength(total);
    for (const message of acknowledged) {
      await userPanel().locator('[data-sender="user"]', { hasText: message.content }).first().waitFor();
      await conversation().getByText(message.content, { exact: true }).waitFor();
    }
    // And the operator's replies still reach the user.
    await conversation().getByRole('textbox', { name: 'Reply as Gomeum' }).fill('Still here after the restart.');
    await conversation().getByRole('button', { name: 'Send' }).click();
    await userPanel().locator('[data-sender="gomeum"]', { hasText: 'Still here after the restart.' }).waitFor();
  });

  it('starts the stopped instance again with the same build, and no open tab reloads', async () => {
    const stopped = instances.find((instance) => !instance.service.running);
    if (!stopped) throw new Error('no stopped instance');
    const restarted = startInstance(
      ROOT,
      stopped.index,
      stopped.port,
      { ...env, DATA_DIR: fs.mkdtempSync(path.join(work, 'data-again-')) },
      work,
    );
    instances[stopped.index - 1] = restarted;
    await waitForHealthy(restarted);
    // Open tabs keep running; fresh loads (whichever instance answers) find the same version. The
    // page registers its service worker only after a version check that did not reload it: each
    // load waits for that, so a reload the check started would have been counted.
    await user.context.addInitScript(() => {
      // (Called below with the container as `this`.)
      // eslint-disable-next-line @typescript-eslint/unbound-method
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (this: ServiceWorkerContainer, ...args) {
        document.documentElement.dataset.workerRegistered = '';
        return register.apply(this, args);
      };
    });
    // nginx sends the restarted instance requests again only a while after it failed: first until
    // it answers one, then the tab reloads (four times at least) until it has answered a version check.
    const restartedAt = `127.0.0.1:${String(restarted.port)}`;
    await expect
      .poll(async () => (await fetch(`${proxy}/healthz`)).headers.get('x-upstream')?.split(', ').at(-1), {
        timeout: 60_000,
      })
      .toBe(restartedAt);
    let checkedByRestarted = 0;
    user.page.on('response', (response) => {
      const upstream = (response.headers()['x-upstream'] ?? '').split(', ').at(-1);
      if (new URL(response.url()).pathname === '/version.json' && upstream === restartedAt) checkedByRestarted += 1;
    });
    const loads = user.loads;
    let reloads = 0;
    while ((reloads < 4 || checkedByRestarted === 0) && reloads < 40) {
      await user.page.reload();
      reloads += 1;
      await user.page.getByRole('heading', { name: 'Your task' }).first().waitFor();
      await user.page.locator('html[data-worker-registered]').waitFor({ state: 'attached' });
    }
    expect(checkedByRestarted).toBeGreaterThan(0);
    expect(user.loads).toBe(loads + reloads);
    expect(await user.page.evaluate(() => sessionStorage.getItem('gomeum.version-reload'))).toBeNull();
  });
});

/**
 * One person plays Gomeum for everyone: a queue of 30 waiting items (10 chats in Chinese, 10 in
 * Korean, 10 proofs in mixed languages) cleared in Chromium by an operator who reads English, with
 * the stand-in AI (scripts/fake-ai.mjs) drafting and translating. The operator does the least the
 * screen offers: opens the next item when it is not open already, sends a ready draft with one
 * press, and otherwise types a reaction and sends it. Per item it counts the actions (presses and
 * keys), the seconds (less the stand-in AI's own answer time), and whether anything the operator
 * had to read or send was shown only in a language they do not read (Chinese or Korean characters
 * with no English beside them). From the server's metrics: AI calls per item and translation cache
 * hits.
 *
 *   npm run build && node bench/operator.mjs [--per-kind 10] [--root /tmp/base-46]
 *
 * `--root`: another tree's build (its `server/dist` and `web/dist`), the baseline of the same run.
 * Keeps its table in bench/runs/ (BENCH_NO_RECORD=1: not).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { browserForTests } from '../scripts/browser-for-tests.mjs';
import { routeTable, startBuiltServer } from '../scripts/built-server.mjs';
import { FakeAi } from '../scripts/fake-ai.mjs';
import { CHROMIUM_FLAGS } from '../scripts/serve-build.mjs';
import { appendResults, machineNote, ROOT } from './lib.mjs';
import { answerFor, FOREIGN, OPERATOR_REACTION, SEED } from './operator-seed.mjs';

const { values } = parseArgs({
  strict: false,
  options: { 'per-kind': { type: 'string', default: '10' }, root: { type: 'string' } },
});
const PER_KIND = Math.max(1, Math.min(50, Number(values['per-kind'])));
const root = typeof values.root === 'string' ? path.resolve(values.root) : ROOT;
const OPERATOR = { email: 'bench-operator@example.com', password: 'bench-operator-password' };
const AI_DELAY_MS = 5;

const ai = new FakeAi({ key: 'bench-key', mode: { kind: 'stream', delayMs: AI_DELAY_MS, chunks: answerFor } });
const aiBase = await ai.start();
const server = await startBuiltServer({
  main: path.join(root, 'server/dist/main.js'),
  showErrors: true,
  env: {
    NODE_ENV: 'production',
    WEB_DIST: path.join(root, 'web/dist'),
    GOMEUM_OPERATOR_EMAIL: OPERATOR.email,
    GOMEUM_OPERATOR_PASSWORD: OPERATOR.password,
    GUEST_RATE_LIMIT: '100000',
    GUEST_DAILY_LIMIT: '100000',
    AI_BASE_URL: aiBase,
    AI_API_KEY: 'bench-key',
    AI_DRAFT_RATE_LIMIT: '1000',
    AI_TRANSLATE_RATE_LIMIT: '1000',
    METRICS_TOKEN: 'bench-operator-metrics',
  },
});
const { routes } = await routeTable(root);
const base = server.url;

/** Calls the API as a guest of its own (its cookie kept), in `locale`. */
async function guest(locale) {
  const response = await fetch(`${base}${routes.guest.path}`, { method: 'POST' });
  if (!response.ok) throw new Error(`guest: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call = async (method, url, body) => {
    const init = { method, headers: { cookie } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers['content-type'] = 'application/json';
    }
    const answer = await fetch(`${base}${url}`, init);
    if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };
  await call('PUT', routes.setLocale.path, { locale });
  return call;
}

/** Seeds the queue: the chats, then the proofs (each a guest of its own). */
async function seed() {
  for (const { locale, text } of SEED.chats(PER_KIND)) {
    const call = await guest(locale);
    await call('POST', routes.sendChatMessage.path, { content: text });
  }
  for (const { locale, title, content, planet } of SEED.proofs(PER_KIND)) {
    const call = await guest(locale);
    await call('PUT', `/api/planets/${planet}/task`, { description: 'Practise every day', reward: 'Cake' });
    const form = new FormData();
    form.set('date', new Date().toISOString().slice(0, 10));
    form.set('title', title);
    form.set('content', content);
    await call('POST', `/api/planets/${planet}/logs`, form);
  }
}

/** The server's translation lookups by outcome (hit, miss), from /metrics (none in a build without them). */
async function translationLookups() {
  const text = await (
    await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer bench-operator-metrics' } })
  ).text();
  const count = (outcome) =>
    Number(new RegExp(`gomeum_translation_cache_total\\{outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  return { hit: count('hit'), miss: count('miss') };
}

const found = await browserForTests();
if (!found || 'problem' in found) throw new Error(found?.problem ?? 'no Chromium');
const browser = await chromium.launch({ executablePath: found.shell ?? found.full, args: CHROMIUM_FLAGS });
const context = await browser.newContext({ baseURL: base, locale: 'en-US', viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
page.on('pageerror', (error) => console.error('page error:', error.message));

// The operator signs in (English) and opens the inbox: online, so the AI leaves every item to them.
await page.goto('/register');
await page.getByLabel('Email').fill(OPERATOR.email);
await page.getByLabel('Password').fill(OPERATOR.password);
await page.getByRole('button', { name: 'Log in', exact: true }).click();
await page.waitForURL('**/gomeum-dashboard');
await page.goto('/gomeum-dashboard?section=chat');
await page.getByRole('heading', { name: 'Waiting for Gomeum' }).waitFor();
for (;;) {
  const presence = await (await page.request.get('/api/operator/presence')).json();
  if (presence.online) break;
  await page.waitForTimeout(50);
}
await seed();
const queueRows = page.locator('[data-testid="operator-queue"] > li');
// The queue's first page is in (a page may hold fewer than the whole queue).
await page.waitForFunction(
  (count) => globalThis.document.querySelectorAll('[data-testid="operator-queue"] > li').length >= count,
  Math.min(3 * PER_KIND, 20),
);
const showMore = page.getByRole('region', { name: 'Waiting for Gomeum' }).getByRole('button', { name: 'Show more' });
/** Whether anything waits: a row shown, or a page of the queue still to read. */
const waiting = async () => (await queueRows.count()) > 0 || (await showMore.isVisible());

/**
 * Whether what the open item shows the operator (the user's words and what would be sent) needs a
 * language they do not read: foreign text whose English is not on screen beside it.
 */
async function needsForeign(scope) {
  // What is still being translated is waited for: the operator reads it once it is there.
  await scope.locator('.translated__note', { hasText: 'Translating' }).first().waitFor({ state: 'detached' });
  return scope.evaluate((element, pattern) => {
    const re = new RegExp(pattern, 'u');
    const shown = [
      ...element.querySelectorAll(
        '[data-user-words], .inbox__message--user p, .proof-card__title, .proof-card__content, textarea',
      ),
    ];
    return shown.some((node) => {
      const text = node.tagName === 'TEXTAREA' ? node.value : (node.textContent ?? '');
      if (!re.test(text)) return false;
      // An English reading beside it: the element's translation, or (for what goes to the user in
      // their language) the reply box above it holding the operator's words.
      const reading =
        node.closest('[data-translated]')?.querySelector('[data-reading]')?.textContent ??
        (node.readOnly ? (node.closest('form')?.querySelector('textarea')?.value ?? '') : '');
      return reading === '' || re.test(reading);
    });
  }, FOREIGN.source);
}

const items = [];
let aiBefore = ai.requests.length;
while ((await waiting()) && items.length < 3 * PER_KIND + 5) {
  const started = performance.now();
  const item = { kind: '', actions: 0, foreign: false, aiMs: 0 };
  const opened = page.locator('[data-testid="queue-item"]');
  if ((await opened.count()) === 0 && (await queueRows.count()) === 0) {
    await showMore.click();
    item.actions += 1;
    await queueRows.first().waitFor();
  }
  const before = await queueRows.count();
  if ((await opened.count()) === 0) {
    const row = queueRows.first();
    item.kind = (await row.textContent())?.includes('Proof') ? 'proof' : 'chat';
    await row.locator('button').first().click();
    item.actions += 1;
  } else {
    item.kind = (await opened.getAttribute('data-kind')) ?? 'chat';
  }
  // The open item's row (a build that marks it), to see it leave the queue.
  const current = page.locator('.operator-queue__row[aria-current="true"]');
  const key = (await current.count()) ? await current.getAttribute('data-queue-key') : null;
  if (await page.locator('[data-testid="queue-item"]').count()) {
    // The item opens in place, with its draft: one press sends it.
    const scope = page.locator('[data-testid="queue-item"]');
    const send = scope.locator('[data-testid="send-draft"]');
    await send.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
    item.foreign = await needsForeign(scope);
    await send.click();
    item.actions += 1;
  } else if (item.kind === 'chat') {
    const pane = page.locator('.inbox__conversation');
    await pane.waitFor();
    await page.getByText('A drafted reply is in the box').waitFor({ timeout: 20_000 });
    item.foreign = await needsForeign(pane);
    await pane.getByRole('button', { name: 'Send', exact: true }).click();
    item.actions += 1;
  } else {
    await page.locator('.proof-card[data-proof-id]').first().waitFor();
    const id = await page.locator('.proof-card[data-proof-id]').first().getAttribute('data-proof-id');
    const card = page.locator(`.proof-card[data-proof-id="${id}"]`);
    item.foreign = await needsForeign(card);
    const box = card.locator('textarea');
    if (!(await box.inputValue()).trim()) {
      await box.click();
      await page.keyboard.type(OPERATOR_REACTION);
      item.actions += 1 + OPERATOR_REACTION.length;
    }
    await card.getByRole('button', { name: 'Reply', exact: true }).click();
    item.actions += 1;
    await card.waitFor({ state: 'detached' });
    // Back to the queue, in the chat inbox.
    await page.getByRole('link', { name: /^Chat inbox/ }).click();
    item.actions += 1;
  }
  if (key) await page.locator(`[data-queue-key="${key}"]`).waitFor({ state: 'detached' });
  else {
    await page.waitForFunction(
      (count) => globalThis.document.querySelectorAll('[data-testid="operator-queue"] > li').length < count,
      before,
    );
  }
  const calls = ai.requests.slice(aiBefore);
  aiBefore = ai.requests.length;
  item.aiCalls = calls.length;
  item.aiMs = calls.reduce((sum, request) => sum + answerFor(request.body).length * AI_DELAY_MS, 0);
  item.seconds = Math.max(0, (performance.now() - started - item.aiMs) / 1000);
  items.push(item);
}

const lookups = await translationLookups();
await browser.close();
await server.stop();
await ai.stop();

const sum = (list, key) => list.reduce((total, item) => total + item[key], 0);
const lines = [
  `Queue of ${items.length} items cleared by an English-reading operator, build of ${path.relative(ROOT, root) || '.'}; ${machineNote()}`,
  '',
  '| items | actions / item | max actions | s / item (less AI) | items needing zh/ko | AI calls / item | translation cache hits / lookups |',
  '|---|---:|---:|---:|---:|---:|---:|',
];
for (const kind of ['chat', 'proof', 'all']) {
  const list = kind === 'all' ? items : items.filter((item) => item.kind === kind);
  if (list.length === 0) continue;
  lines.push(
    `| ${kind} (${list.length}) | ${(sum(list, 'actions') / list.length).toFixed(1)} | ${Math.max(...list.map((i) => i.actions))} | ${(sum(list, 'seconds') / list.length).toFixed(2)} | ${list.filter((i) => i.foreign).length} | ${(sum(list, 'aiCalls') / list.length).toFixed(2)} | ${kind === 'all' ? `${lookups.hit} / ${lookups.hit + lookups.miss}` : ''} |`,
  );
}
console.log(lines.join('\n'));
if (process.env.BENCH_NO_RECORD !== '1') appendResults('Operator queue', lines);

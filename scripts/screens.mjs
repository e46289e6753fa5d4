/* global document, window, getComputedStyle, Notification */
/**
 * `npm run screens`: saves every screen of the app, as a user and as the operator, at 1280×800 and
 * 360×740 in en, zh and ko, into screens/ (one PNG each, full page), so the whole app can be looked
 * at in one place. Runs the built app (built first when stale) on a free port with an empty data
 * folder, fills it with a little content through the API, and drives the tests' Chromium.
 *
 *   npm run screens                  every screen
 *   npm run screens -- galaxy moon   only screens whose name contains one of the words
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ensureBrowser } from './browser-for-tests.mjs';
import { ensureBuilt, ROOT } from './build-state.mjs';
import { routeTable } from './built-server.mjs';
import { COMPANION_SCREENS, shootCompanion } from './screens-companion.mjs';
import { GUEST, MERGE_GUEST, OPERATOR, PNG, seed, signIn, startServer, USER } from './screens-seed.mjs';
import { CHROMIUM_FLAGS } from './serve-build.mjs';

const OUT = path.join(ROOT, 'screens');
const LANGUAGES = ['en', 'zh', 'ko'];
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
];

/** Every screen: its name, who sees it, where it is, and what to wait for before the picture. */
function screens({ updateId, popupPath }) {
  const user = [
    { name: 'home', who: null, path: '/' },
    { name: 'register', who: null, path: '/register' },
    { name: 'not-found', who: null, path: '/no-such-page' },
    { name: 'galaxy', who: USER, path: '/galaxy' },
    { name: 'planet-travel', who: USER, path: '/planet/travel' },
    { name: 'planet-music', who: USER, path: '/planet/music' },
    { name: 'task-travel', who: USER, path: '/task/travel' },
    { name: 'task-music-new', who: USER, path: '/task/music' },
    { name: 'user-log-travel', who: USER, path: '/user-log/travel' },
    { name: 'gomeum-log-travel', who: USER, path: '/gomeum-log/travel' },
    { name: 'moon', who: USER, path: '/planet/moon' },
    { name: 'update', who: USER, path: `/update/${updateId}` },
    { name: 'chat-open', who: USER, path: '/galaxy', open: 'chat' },
    // The notification question, at the moments it is asked (notifications not yet answered here).
    { name: 'offer-after-proof', who: USER, path: '/task/travel', open: 'proof-offer', askPush: true },
    { name: 'offer-chat-away', who: USER, path: '/galaxy', open: 'chat-away', askPush: true },
    { name: 'diary-open', who: USER, path: '/galaxy', open: 'diary' },
    { name: 'account-menu', who: USER, path: '/galaxy', open: 'account-menu' },
    { name: 'account-menu-blocked', who: USER, path: '/galaxy', open: 'account-menu', blocked: true },
    { name: 'account-delete', who: USER, path: '/galaxy', open: 'account-delete' },
    { name: 'account-deleted', who: null, path: '/?account=deleted' },
    { name: 'home-popup', who: null, path: popupPath },
    { name: 'guest-galaxy', who: GUEST, path: '/galaxy' },
    { name: 'guest-ask', who: GUEST, path: '/task/travel', open: 'proof' },
    { name: 'proof-form', who: GUEST, path: '/task/travel', open: 'proof-form' },
    { name: 'proof-session-ended', who: GUEST, path: '/task/travel', open: 'proof-session-ended' },
    { name: 'guest-logout', who: GUEST, path: '/galaxy', open: 'logout' },
    { name: 'guest-merge', who: MERGE_GUEST, path: '/register', open: 'login' },
  ];
  const operator = ['overview', 'proofs', 'users', 'chat', 'moon', 'broadcast', 'updates', 'gomeum-tasks'].map(
    (section) => ({
      name: `dashboard-${section}`,
      who: OPERATOR,
      path: `/gomeum-dashboard?section=${section}`,
    }),
  );
  // The lists' states before and without data: loading (their reads held) and empty.
  for (const [section, lists] of [
    ['chat', ['queue', 'chats']],
    ['users', ['users']],
  ]) {
    for (const state of ['loading', 'empty']) {
      operator.push({
        name: `dashboard-${section}-${state}`,
        who: OPERATOR,
        path: `/gomeum-dashboard?section=${section}`,
        lists: { state, routes: lists },
      });
    }
  }
  operator.push({
    name: 'dashboard-conversation',
    who: OPERATOR,
    path: '/gomeum-dashboard?section=chat',
    open: 'conversation',
  });
  operator.push({
    name: 'dashboard-user-actions',
    who: OPERATOR,
    path: '/gomeum-dashboard?section=users',
    open: 'user',
  });
  operator.push({
    name: 'dashboard-user-delete',
    who: OPERATOR,
    path: '/gomeum-dashboard?section=users',
    open: 'user-delete',
  });
  // The operator's alerts on a device whose browser blocks notifications (the switch says so).
  operator.push({
    name: 'dashboard-alerts-blocked',
    who: OPERATOR,
    path: '/gomeum-dashboard?section=overview',
    blocked: true,
  });
  // The editors at work: an update's HTML with its preview, two log images chosen, an upload under way.
  operator.push({
    name: 'dashboard-update-preview',
    who: OPERATOR,
    path: '/gomeum-dashboard?section=updates',
    open: 'update-preview',
  });
  // A published update opened: its links to share, one per language.
  operator.push({
    name: 'dashboard-update-share',
    who: OPERATOR,
    path: '/gomeum-dashboard?section=updates',
    open: 'update-share',
  });
  operator.push({
    name: 'dashboard-log-images',
    who: OPERATOR,
    path: '/gomeum-dashboard?section=gomeum-tasks',
    open: 'log-images',
  });
  operator.push({
    name: 'dashboard-log-upload',
    who: OPERATOR,
    path: '/gomeum-dashboard?section=gomeum-tasks',
    open: 'log-upload',
  });
  return [...user, ...operator];
}

/** The innermost elements reaching past the window's right edge (in the page's context). */
function widerThanWindow() {
  const width = document.documentElement.clientWidth;
  const name = (el) =>
    `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
  const found = [];
  for (const el of document.querySelectorAll('body *')) {
    const rect = el.getBoundingClientRect();
    if (rect.right <= width + 1 || rect.width === 0) continue;
    if ([...el.children].some((child) => child.getBoundingClientRect().right > width + 1)) continue;
    let clipped = false;
    for (let up = el.parentElement; up && !clipped; up = up.parentElement) {
      clipped = getComputedStyle(up).overflowX !== 'visible' && up.getBoundingClientRect().right <= width + 1;
    }
    if (clipped) continue;
    found.push(`${name(el)} (${Math.round(rect.right - width)}px)`);
    if (found.length === 4) break;
  }
  return found;
}

async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await page.evaluate(() => document.fonts.ready);
  // Let entrance animations finish.
  await page.waitForTimeout(700);
}

/** A browser profile at one size and language, signed in as `who` (none: a visitor). */
async function profile(browser, api, url, size, language, who, askPush = false) {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: size.width, height: size.height },
    locale: 'en-US',
    reducedMotion: 'reduce',
  });
  await context.addInitScript(
    ([lang, ask]) => {
      localStorage.setItem('gomeum.language', lang);
      // The notification question is answered, but where a screen shows it.
      if (!ask) localStorage.setItem('gomeum.push.declined', '1');
    },
    [language, Boolean(askPush)],
  );
  if (who) await signIn(context, url, who, api);
  return context;
}

/** The first page of each operator list, empty. */
const EMPTY = {
  queue: { items: [], next: null },
  chats: { conversations: [], next: null, unreadTotal: 0 },
  users: { items: [], next: null, total: 0 },
};

/** The page's reads of these operator lists held (`loading`: never answered) or answered empty. */
async function holdLists(page, api, { state, routes }) {
  const paths = {
    queue: api.operatorRoutes.operatorQueue,
    chats: api.operatorRoutes.chats,
    users: api.operatorRoutes.users,
  };
  for (const name of routes) {
    await page.route(
      (address) => address.pathname === paths[name].path,
      (route) => (state === 'empty' ? route.fulfill({ json: EMPTY[name] }) : undefined),
    );
  }
}

/** Saves the page's picture as `name`.png, and warns of anything wider than the window. */
async function save(page, name) {
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) {
    const culprits = await page.evaluate(widerThanWindow);
    console.warn(`  ${path.basename(file)}: ${overflow}px wider than the window: ${culprits.join(', ')}`);
  }
}

async function main() {
  const filters = process.argv.slice(2);
  ensureBuilt();
  const api = await routeTable();
  fs.mkdirSync(OUT, { recursive: true });
  const chosen = (name) => filters.length === 0 || filters.some((f) => name.includes(f));
  const { browser: found, line } = await ensureBrowser({ checkOnly: true });
  if (line) throw new Error(line);
  const browser = await chromium.launch({ executablePath: found.full, args: CHROMIUM_FLAGS });
  let saved = 0;
  // Only when one of its screens is asked for: the main server, and the companion's of its own.
  const server = screens({ updateId: '', popupPath: '/' }).some((s) => chosen(s.name)) ? await startServer() : null;
  try {
    const content = server ? await seed(browser, server.url, api) : { updateId: '', popupPath: '/' };
    const wanted = server ? screens(content).filter((s) => chosen(s.name)) : [];
    for (const language of server ? LANGUAGES : []) {
      for (const size of SIZES) {
        // One browser profile per (language, size, who), signed in once.
        const contexts = new Map();
        for (const screen of wanted) {
          const key = `${screen.who?.email ?? 'visitor'}${screen.askPush ? ' asked' : ''}`;
          let context = contexts.get(key);
          if (!context) {
            context = await profile(browser, api, server.url, size, language, screen.who, screen.askPush);
            contexts.set(key, context);
          }
          const page = await context.newPage();
          if (screen.blocked) {
            // As if the browser's site settings block notifications.
            await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
          }
          if (screen.lists) await holdLists(page, api, screen.lists);
          await page.goto(screen.path);
          await settle(page);
          // A reached goal celebrates once (the proof journeys show it); other screens show the page.
          const celebrating = page.locator('dialog.celebration[open] button').last();
          if ((!screen.open || screen.askPush) && (await celebrating.isVisible().catch(() => false))) {
            await celebrating.click();
            await settle(page);
          }
          if (screen.open === 'proof') {
            await page.locator('.task-block .button--primary').first().click();
            await page.locator('input[name="title"]').fill('A tiny bakery');
            await page.locator('textarea[name="content"]').fill('Found a tiny bakery behind the station.');
            await page.locator('.proof-form [type="submit"]').click();
            await page.locator('.keep-card').waitFor({ timeout: 10_000 });
            // The goal's celebration comes first; the ask waits in place under it.
            const celebration = page.locator('dialog.celebration[open] button').last();
            if (await celebration.isVisible().catch(() => false)) await celebration.click();
            await page.locator('.keep-card').scrollIntoViewIfNeeded();
            await settle(page);
          } else if (screen.open === 'proof-offer') {
            await page.locator('.task-block__heading .button--primary').first().click();
            await page.locator('input[name="title"]').fill('Night train');
            await page.locator('textarea[name="content"]').fill('Took the night train to the sea.');
            await page.locator('.proof-form [type="submit"]').click();
            const celebration = page.locator('dialog.celebration[open] button').last();
            await page.locator('.push-offer').or(celebration).first().waitFor({ timeout: 10_000 });
            if (await celebration.isVisible().catch(() => false)) await celebration.click();
            await page.locator('.push-offer').scrollIntoViewIfNeeded();
            await settle(page);
          } else if (screen.open === 'chat-away') {
            await page.locator('.chat__toggle').first().click();
            await page.locator('.chat__input').fill('Are you there, Gomeum?');
            await page.locator('.chat__input').press('Enter');
            await page.locator('.chat__offer .push-offer').waitFor({ timeout: 10_000 });
            await settle(page);
          } else if (screen.open === 'proof-form') {
            // The form as a user meets it after a first try: our own date and photo controls, the
            // title filled, the missing text marked where it is.
            await page.locator('.task-block .button--primary').first().click();
            await page.locator('.proof-form [type="submit"]').click();
            await page.locator('input[name="title"]').fill('A tiny bakery');
            await page.locator('.proof-form').scrollIntoViewIfNeeded();
            await settle(page);
          } else if (screen.open === 'proof-session-ended') {
            // A proof sent once the session has ended: the server's 401, answered here (the
            // profile's own session stays for the screens after it).
            const ended = (route) =>
              route.request().method() === 'POST'
                ? route.fulfill({ status: 401, json: { error: { code: 'errors.unauthorized', message: 'ended' } } })
                : route.fallback();
            // The context's route sees the service worker's requests too.
            await context.route('**/api/planets/*/logs', ended);
            await page.locator('.task-block .button--primary').first().click();
            await page.locator('input[name="title"]').fill('A tiny bakery');
            await page.locator('textarea[name="content"]').fill('Found it behind the station.');
            await page.locator('.proof-form [type="submit"]').click();
            await page.locator('.proof-form__sign-in').waitFor({ timeout: 10_000 });
            await context.unroute('**/api/planets/*/logs', ended);
            await page.locator('.proof-form').scrollIntoViewIfNeeded();
            await settle(page);
          } else if (screen.open === 'logout') {
            await page.locator('.account-menu > button').click();
            await page.locator('.account-menu__item--separated').click();
            await page.locator('dialog[open]').waitFor({ timeout: 10_000 });
            await settle(page);
          } else if (screen.open === 'login') {
            await page.locator('.auth-card .button--link').click();
            await page.locator('input[name="email"]').fill(USER.email);
            await page.locator('input[name="password"]').fill(USER.password);
            await page.locator('.auth-card [type="submit"]').click();
            await page.locator('dialog[open]').waitFor({ timeout: 10_000 });
            await settle(page);
          } else if (screen.open === 'diary') {
            await page.locator('.diary-button').first().click();
            await settle(page);
          } else if (screen.open?.startsWith('account-')) {
            await page.locator('.account-menu > button').click();
            if (screen.open === 'account-delete') await page.locator('.account-menu__item--danger').click();
            await settle(page);
          } else if (screen.open === 'conversation') {
            await page.locator('.user-row', { hasText: USER.email }).click();
            await page.locator('.inbox__heading .user-actions').waitFor();
            await settle(page);
          } else if (screen.open === 'user' || screen.open === 'user-delete') {
            await page.locator('.user-row', { hasText: USER.email }).click();
            await page.locator('.user-actions').waitFor();
            if (screen.open === 'user-delete') await page.locator('.user-actions .button--danger').click();
            await settle(page);
          } else if (screen.open === 'update-preview') {
            const source = page.locator('textarea[name="content_en"]').first();
            await source.fill(
              '<h2>Night market</h2><p>The <b>moon</b> is <em>full</em> tonight.</p><ul><li>Lanterns</li><li>Tea</li></ul><script>alert(1)</script>',
            );
            await page.locator('.update-preview .update__content h2').first().waitFor({ timeout: 10_000 });
            await source.scrollIntoViewIfNeeded();
            await settle(page);
          } else if (screen.open === 'update-share') {
            await page.locator('.update-editor > summary').first().click();
            await page.locator('.update-share .share-link').first().waitFor({ timeout: 10_000 });
            await page.locator('.update-share').scrollIntoViewIfNeeded();
            await settle(page);
          } else if (screen.open === 'log-images' || screen.open === 'log-upload') {
            const picker = page.locator('.images-picker input[type="file"]');
            await picker.setInputFiles([
              { name: 'lanterns.png', mimeType: 'image/png', buffer: PNG },
              { name: 'tea.png', mimeType: 'image/png', buffer: PNG },
            ]);
            await page.locator('textarea[name="content"]').fill('Two photos from the night market.');
            if (screen.open === 'log-upload') {
              // Held: the upload stays under way for the picture.
              await page.route(
                (address) => api.routePattern(api.operatorRoutes.addGomeumLog).test(address.pathname),
                () => {},
              );
              await page.locator('.images-picker').locator('xpath=ancestor::form').locator('[type="submit"]').click();
              await page.locator('.upload-progress').waitFor({ timeout: 10_000 });
            }
            await page.locator('.images-picker').scrollIntoViewIfNeeded();
            await settle(page);
          } else if (screen.open) {
            await page.locator('.chat__toggle').first().click();
            await settle(page);
          }
          await save(page, `${screen.name}.${size.name}.${language}`);
          await page.close();
          saved += 1;
        }
        for (const context of contexts.values()) await context.close();
      }
    }
    const names = COMPANION_SCREENS.filter(chosen);
    if (names.length > 0) {
      await shootCompanion({
        api,
        browser,
        languages: LANGUAGES,
        sizes: SIZES,
        names,
        context: (url, size, language, who) => profile(browser, api, url, size, language, who),
        settle,
        save: async (page, name, size, language) => {
          await save(page, `${name}.${size.name}.${language}`);
          saved += 1;
        },
      });
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
  console.log(`Saved ${saved} screens in ${path.relative(process.cwd(), OUT) || '.'}/`);
}

await main();

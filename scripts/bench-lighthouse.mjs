/**
 * `npm run bench:lighthouse`: Lighthouse 12 with Debian's Chromium on the pages a new user opens
 * first, mobile and desktop presets, several runs each, and the medians.
 *
 * It serves the current build itself (`server/dist` + `web/dist`, run `npm run build` first) on a
 * random port with a fresh SQLite database in a temporary folder, or measures `--url=` instead.
 * Pages behind sign-in are measured as a guest (the session cookie is set in the browser first, as
 * sign-in would have left it; Lighthouse keeps cookies between its passes).
 *
 * Options: --runs=5 --presets=mobile,desktop --routes=/,/register,/galaxy,/task/music,/planet/moon
 *          --url=http://host:port --json=file.json (every run's figures, for a closer look)
 *          --web-dist=DIR (a second server of the same server build with another build of the web
 *          app, say the previous commit's, measured in alternating runs as `other`)
 *          --other-url=http://host:port (another server, say an older commit's own, measured as
 *          `other` in alternating runs)
 *          --trace=dir (saves each run's Lighthouse report, and its browser trace as NAME.trace.json)
 *          --throttling=devtools (Lighthouse's --throttling-method: the page loaded under DevTools'
 *          throttling and measured as it paints, instead of Lantern's simulation from an unthrottled load)
 * CHROME_PATH picks the browser (default /usr/bin/chromium).
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { guestCookie } from '../bench/lib.mjs';
import { CHROMIUM_FLAGS, median, optionsOf, startServer } from './serve-build.mjs';

const args = optionsOf();
const runs = Number(args.runs ?? 5);
const presets = (args.presets ?? 'mobile,desktop').split(',');
const routes = (args.routes ?? '/,/register,/galaxy,/task/music,/planet/moon').split(',');
const SIGNED_OUT = new Set(['/', '/register']);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const throttlingMethod = args.throttling ?? 'simulate';

async function runOnce(url, preset, cookie) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    // (`--headless` is Chromium's new headless mode since version 132.)
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    if (cookie) {
      // A cookie jar, not a header: the app's own cookies (its language) then go along with it.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const origin = new URL(url).origin;
      await browser.setCookie(
        ...cookie.split('; ').map((pair) => {
          const [name = '', ...value] = pair.split('=');
          return { name, value: value.join('='), url: origin };
        }),
      );
      await browser.disconnect();
    }
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      throttlingMethod,
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const lhr = result.lhr;
    const trace = result.artifacts?.Trace;
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    // A category without a score (the run failed, see runtimeError) counts in no median.
    const score = (id) => {
      const value = lhr.categories[id]?.score;
      return typeof value === 'number' ? Math.round(value * 100) : NaN;
    };
    if (lhr.runtimeError) console.log(`  (a run failed: ${lhr.runtimeError.code}: ${lhr.runtimeError.message})`);
    return {
      lhr,
      trace,
      figures: {
        ...(lhr.runtimeError ? { error: lhr.runtimeError.code } : {}),
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: audit('first-contentful-paint'),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        siMs: audit('speed-index'),
        // Lantern's time to interactive (no longer in the report's score, still computed): when the
        // page's main thread is quiet with its scripts run, i.e. when a tap is the app's.
        ttiMs: lhr.audits.metrics?.details?.items?.[0]?.interactive ?? NaN,
        // The JavaScript the page fetched until the network was quiet, as Chromium received it.
        jsKB:
          (lhr.audits['network-requests']?.details?.items ?? [])
            .filter((item) => item.resourceType === 'Script')
            .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
      },
    };
  } finally {
    chrome.kill();
  }
}

const server = args.url ? { url: args.url.replace(/\/$/, ''), stop: async () => {} } : await startServer();
const other = args['other-url']
  ? { url: args['other-url'].replace(/\/$/, ''), stop: async () => {} }
  : args['web-dist']
    ? await startServer({ WEB_DIST: path.resolve(args['web-dist']) })
    : null;
const targets = [{ name: 'current', server }, ...(other ? [{ name: 'other', server: other }] : [])];
const all = [];
try {
  const cookies = new Map();
  for (const target of targets) cookies.set(target.name, await guestCookie(target.server.url));
  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}`);
  console.log(
    `${chromePath}, ${runs} runs per page and preset, throttling ${throttlingMethod}, ${targets.map((t) => `${t.name} ${t.server.url}`).join(', ')}, ${new Date().toISOString()}`,
  );
  console.log(
    'build    preset  page           perf  a11y  bp   seo   FCP ms  LCP ms  TBT ms  CLS    JS KB  TTI ms  (medians)',
  );
  for (const preset of presets) {
    for (const route of routes) {
      const figures = new Map(targets.map((target) => [target.name, []]));
      for (let i = 0; i < runs; i++) {
        // The builds in turn, so both meet the machine as it is at that moment.
        for (const target of targets) {
          const url = `${target.server.url}${route}`;
          const {
            lhr,
            trace,
            figures: one,
          } = await runOnce(url, preset, SIGNED_OUT.has(route) ? '' : cookies.get(target.name));
          figures.get(target.name).push(one);
          if (args.trace) {
            fs.mkdirSync(args.trace, { recursive: true });
            const name = `${target.name}-${preset}${route.replace(/\//g, '_') || '_'}-${i + 1}.json`;
            fs.writeFileSync(path.join(args.trace, name), JSON.stringify(lhr));
            // The browser's trace of the run (open it in the Performance panel of DevTools).
            if (trace)
              fs.writeFileSync(path.join(args.trace, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
          }
          const failing = Object.values(lhr.audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
            .map((a) => a.id);
          if (failing.length && i === 0)
            console.log(`  ${target.name} ${preset} ${route}: failing audits: ${failing.join(', ')}`);
        }
      }
      for (const target of targets) {
        const runsOf = figures.get(target.name);
        const m = (key) => median(runsOf.map((f) => f[key]));
        all.push({ build: target.name, preset, route, runs: runsOf });
        console.log(
          [
            target.name.padEnd(8),
            preset.padEnd(7),
            route.padEnd(14),
            String(m('performance')).padStart(4),
            String(m('accessibility')).padStart(5),
            String(m('bestPractices')).padStart(4),
            String(m('seo')).padStart(5),
            String(Math.round(m('fcpMs'))).padStart(7),
            String(Math.round(m('lcpMs'))).padStart(7),
            String(Math.round(m('tbtMs'))).padStart(7),
            m('cls').toFixed(3).padStart(6),
            m('jsKB').toFixed(1).padStart(6),
            String(Math.round(m('ttiMs'))).padStart(7),
          ].join(' '),
        );
      }
    }
  }
  if (args.json) fs.writeFileSync(args.json, JSON.stringify(all, null, 2));
} finally {
  await server.stop();
  await other?.stop();
}

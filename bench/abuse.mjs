/**
 * Abuse benchmark: each attack against a built server of its own, started as `npm start`
 * runs it, while a second user goes about their business. For each attack: the server's resident
 * memory over time (`--baseline` seconds without the attack, then `--duration` seconds with it),
 * and the second user's `GET /api/galaxy`, chat message (sent until it arrives on their live
 * socket) and proof upload, timed one after another in both phases of the same run; the table
 * gives their p50 and max, and the ratios attack / no attack. With `--before`, every attack runs
 * against that build too, right after this one's, and a row gives the ratios this ÷ before.
 *
 *   npm run build && node bench/abuse.mjs [attack…] [--before 2b85a08] [--baseline 10] [--duration 25]
 *
 * `--before`: a commit (checked out, installed and built once in the temporary folder, see
 * `baselineCheckout` in bench/lib.mjs) or the folder of a built checkout. Attacks (all when none is
 * named): `unread-10`, `unread-30`, `unread-100` (finding 1), `resync` (finding 2), `typing`
 * (finding 5), `budgets` (finding 3), `uploads` (finding 4). An attack is an entry of `ATTACKS`: a
 * function returning `{ prepare, start }` (see bench/abuse-live.mjs, bench/abuse-limits.mjs), with
 * the server's `env` if it needs one; `stop()` answers its own figure, a line or `{ text, figure }`
 * (a number, compared between builds). `ABUSE_RSS_LIMIT_MIB` (3000) ends an attack whose server
 * grows past it, so a run never takes the machine's memory. Keeps its table in bench/runs/
 * (BENCH_NO_RECORD=1: not).
 */
import { parseArgs } from 'node:util';
import { attackServer, percentile, sampleRss, sleep, victim } from './abuse-harness.mjs';
import { spentBudgets, uploadStorm } from './abuse-limits.mjs';
import { readingResync, typingToggles, unreadSockets } from './abuse-live.mjs';
import { appendResults, baselineCheckout, machineNote } from './lib.mjs';

/** Every attack: its row in SECURITY.md's "Found under hostile load", what it does, and the attack itself. */
const ATTACKS = {
  'unread-10': { finding: 1, what: '10 unread sockets re-syncing', attack: unreadSockets({ sockets: 10 }) },
  'unread-30': { finding: 1, what: '30 unread sockets re-syncing', attack: unreadSockets({ sockets: 30 }) },
  'unread-100': { finding: 1, what: '100 unread sockets re-syncing', attack: unreadSockets({ sockets: 100 }) },
  resync: { finding: 2, what: '30 reading sockets re-syncing 120 big messages', attack: readingResync() },
  typing: { finding: 5, what: '40 sockets toggling typing', attack: typingToggles() },
  budgets: { finding: 3, what: "one guest spending its address's budgets", attack: spentBudgets() },
  uploads: {
    finding: 4,
    what: 'five guests on one address uploading 7071² 16-bit PNGs, the second user elsewhere',
    attack: uploadStorm(),
    // The attackers' address is their X-Forwarded-For; the second user's is 127.0.0.1.
    env: { TRUST_PROXY: '1' },
  },
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    baseline: { type: 'string', default: '10' },
    duration: { type: 'string', default: '25' },
    before: { type: 'string' },
  },
});
const BASELINE_MS = Number(values.baseline) * 1000;
const DURATION_MS = Number(values.duration) * 1000;
const RSS_LIMIT = Number(process.env.ABUSE_RSS_LIMIT_MIB ?? 3000);
const names = positionals.length > 0 ? positionals : Object.keys(ATTACKS);
for (const name of names) if (!ATTACKS[name]) throw new Error(`unknown attack ${name}: ${Object.keys(ATTACKS)}`);
// This build, then (with --before) the other one, each attack on both in turn.
const builds = [
  { name: 'this', root: undefined },
  ...(values.before ? [{ name: `before (${values.before})`, root: baselineCheckout(values.before) }] : []),
];

const ms = (value) =>
  Number.isNaN(value) ? '–' : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(0)} ms`;
/** `after` ÷ `before`, to two significant digits (at least two decimals above 1). */
function ratio(after, before) {
  if (!(before > 0) || !Number.isFinite(after) || !Number.isFinite(before)) return '–';
  const value = after / before;
  return `×${value >= 1 ? value.toFixed(2) : Number(value.toPrecision(2))}`;
}

/** p50 and max of one probe's timings, with its failures. */
function stats(timings) {
  const values = timings.map((t) => t.ms);
  const max = values.length > 0 ? Math.max(...values) : NaN;
  return { p50: percentile(values, 50), max, failed: timings.filter((t) => !t.ok).length, n: timings.length };
}

/** One probe's cell: p50 / max with no attack → under attack, the ratios, failures. */
function cell({ none, attack }) {
  const failed = attack.failed > 0 ? `, ${attack.failed} of ${attack.n} failed` : '';
  return `${ms(none.p50)} / ${ms(none.max)} → ${ms(attack.p50)} / ${ms(attack.max)} (${ratio(attack.p50, none.p50)} / ${ratio(attack.max, none.max)}${failed})`;
}

/** Runs one attack on a fresh server of `build`: no attack, then the attack; answers what was measured. */
async function runAttack(name, build) {
  const { attack, env } = ATTACKS[name];
  const server = await attackServer(env, build.root);
  try {
    const prepared = await attack.prepare(server);
    const second = await victim(server.base);
    const rss = sampleRss(server.pid);
    const none = await second.run(() => rss.now() >= BASELINE_MS);
    const attackFrom = rss.now();
    const stopAttack = await attack.start(server, prepared);
    // Ended once, by time, by the server's death or past the memory limit (checked as RSS is sampled).
    let ended = null;
    let limited = false;
    const stop = () => (ended ??= stopAttack());
    const watch = setInterval(() => {
      if ((rss.samples.at(-1)?.[1] ?? 0) <= RSS_LIMIT) return;
      limited = true;
      void stop();
    }, 250);
    const during = await second.run(() => ended !== null || rss.died !== null || rss.now() - attackFrom >= DURATION_MS);
    clearInterval(watch);
    const own = await stop();
    await sleep(500);
    rss.stop();
    second.close();
    const before = rss.between(0, attackFrom).last;
    const max = rss.between(attackFrom).max;
    const fate =
      rss.died !== null
        ? `**died** after ${((rss.died - attackFrom) / 1000).toFixed(0)} s`
        : limited
          ? `**stopped at ${RSS_LIMIT} MiB**`
          : 'up';
    const probe = (key) => ({ none: stats(none[key]), attack: stats(during[key]) });
    return {
      rss: { before, max, growth: max - before, fate },
      read: probe('read'),
      chat: probe('chat'),
      upload: probe('upload'),
      own: typeof own === 'string' ? { text: own } : own,
    };
  } finally {
    await server.stop();
  }
}

/** A build's row of one attack. */
function row(name, build, result) {
  const { finding, what } = ATTACKS[name];
  const { rss } = result;
  return [
    `${name} (finding ${finding}: ${what})`,
    build.name,
    `${rss.before.toFixed(0)} → ${rss.max.toFixed(0)} MiB (+${rss.growth.toFixed(0)}); ${rss.fate}`,
    cell(result.read),
    cell(result.chat),
    cell(result.upload),
    result.own.text,
  ];
}

/** The ratios this build ÷ the one before, under attack: memory grown, each probe's p50 / max, the attack's figure. */
function ratioRow(name, after, before) {
  const probe = (key) =>
    `${ratio(after[key].attack.p50, before[key].attack.p50)} / ${ratio(after[key].attack.max, before[key].attack.max)}`;
  const figure = ratio(after.own.figure, before.own.figure);
  return [
    name,
    'this ÷ before',
    ratio(after.rss.growth, before.rss.growth),
    probe('read'),
    probe('chat'),
    probe('upload'),
    figure,
  ];
}

const header = [
  '| Attack | Build | Server RSS before → max under attack | Second user’s read, p50 / max: none → attack (ratios) | Chat message delivered | Proof upload | The attack’s own figure |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];
const line = (cells) => `| ${cells.join(' | ')} |`;
console.log(
  `Abuse: ${names.join(', ')}; ${values.baseline} s without, ${values.duration} s with each attack; builds: ${builds.map((b) => b.name).join(', ')}`,
);
console.log(machineNote());
const rows = [];
for (const name of names) {
  const results = [];
  for (const build of builds) {
    const result = await runAttack(name, build);
    results.push(result);
    rows.push(line(row(name, build, result)));
    console.log(rows.at(-1));
  }
  const [after, before] = results;
  if (before) {
    rows.push(line(ratioRow(name, after, before)));
    console.log(rows.at(-1));
  }
}
console.log(['', ...header, ...rows].join('\n'));
if (!process.env.BENCH_NO_RECORD) appendResults(`Abuse (${names.join(', ')})`, [machineNote(), '', ...header, ...rows]);

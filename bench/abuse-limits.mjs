/**
 * The limits' attacks of bench/abuse.mjs, in the shape of
 * bench/abuse-live.mjs: each a function of its options returning `{ prepare, start }`;
 * `start(server, prepared)` begins the attack and returns `stop()`, which ends it and answers the
 * attack's own figure (a line of text).
 */
import sharp from 'sharp';
import { routes, routeUrl, send, sleep } from './abuse-harness.mjs';
import { cookieOf } from './lib.mjs';

/** A guest's session cookie, entering from `address` (an X-Forwarded-For the server believes: TRUST_PROXY=1). */
async function guestFrom(base, address) {
  const headers = { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) };
  return cookieOf(await fetch(`${base}${routes.guest.path}`, { method: 'POST', headers, body: '{}' }));
}

/** One request as a person at `address`; answers its status (0 when it failed on the way). */
async function status(base, route, { cookie, params, body, address, form } = {}) {
  const url = `${base}${params ? routeUrl(route, params) : route.path}`;
  const headers = { origin: base, cookie, ...(address ? { 'x-forwarded-for': address } : {}) };
  if (!form) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(url, { method: route.method, headers, body: form ?? JSON.stringify(body ?? {}) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** The budgets the finding saw one guest spend for its whole address, each with a request that counts. */
const BUDGETS = [
  [routes.submitProof, { planetId: 'music' }],
  [routes.confirmTask, { planetId: 'music' }],
  [routes.celebration, { planetId: 'music' }],
  [routes.planetSeen, { planetId: 'music' }],
  [routes.setTimeZone],
  [routes.answerMoonQuestion, { id: null }],
  [routes.pushSubscribe],
  [routes.reportVisit],
  [routes.diarySeen],
];

/**
 * Finding 3: a guest spends every budget the finding names (its requests carry empty bodies: the
 * limit counts them, nothing is written), sending back to back until refused, then once a second
 * to keep each spent. Beside it a neighbour, another guest on the same address (everything here
 * comes from 127.0.0.1), answers a moon question, confirms a task and marks a planet seen every
 * 2 s (well within its own budgets); the figure is how many of those the limits refused (429). The
 * second user of the harness is on that address too: its proofs are the upload column.
 */
export function spentBudgets() {
  return {
    async prepare(server) {
      const neighbour = await guestFrom(server.base);
      const questions = await fetch(`${server.base}${routes.moonQuestions.path}`, { headers: { cookie: neighbour } });
      const moonId = (await questions.json()).questions[0].id;
      return { attacker: await guestFrom(server.base), neighbour, moonId };
    },
    async start(server, { attacker, neighbour, moonId }) {
      const { base } = server;
      let running = true;
      let sent = 0;
      const spend = async ([route, params]) => {
        while (running) {
          sent += 1;
          const answer = await status(base, route, {
            cookie: attacker,
            params: params?.id === null ? { id: moonId } : params,
          });
          if (answer === 429 || answer === 0) await sleep(1_000);
        }
      };
      const asked = { moon: [0, 0], task: [0, 0], seen: [0, 0] };
      const probe = async (name, route, params, body) => {
        const answer = await status(base, route, { cookie: neighbour, params, body });
        asked[name][0] += 1;
        if (answer === 429) asked[name][1] += 1;
      };
      const neighbourLoop = async () => {
        while (running) {
          await probe('moon', routes.answerMoonQuestion, { id: moonId }, { answer: 'The moon hums back.' });
          await probe('task', routes.confirmTask, { planetId: 'art' }, { description: 'Draw', reward: 'Ink' });
          await probe('seen', routes.planetSeen, { planetId: 'art' });
          await sleep(2_000);
        }
      };
      const loops = [...BUDGETS.map(spend), neighbourLoop()];
      return async () => {
        running = false;
        await Promise.all(loops);
        const refused = (name) => `${asked[name][1]} of ${asked[name][0]}`;
        return `attacker sent ${sent}; its neighbour refused: moon answers ${refused('moon')}, task confirmations ${refused('task')}, planets seen ${refused('seen')}`;
      };
    },
  };
}

/** The finding's image: 7071 × 7071 pixels at 16 bits a sample, a few hundred KB as a PNG. */
async function attackImage() {
  return sharp({ create: { width: 7071, height: 7071, channels: 3, background: '#6a5acd' } })
    .toColourspace('rgb16')
    .png()
    .toBuffer();
}

/**
 * Finding 4: `guests` guests on one address (203.0.113.5, through X-Forwarded-For; the server runs
 * with TRUST_PROXY=1) upload the finding's 7071 × 7071 16-bit PNG as a proof again and again,
 * `each` at a time (one past the two a person may have in the image queue): the next as soon as
 * one is answered (after 100 ms when refused). The second user is elsewhere
 * (127.0.0.1): its small proofs are the upload column. The figure: the attackers' answers.
 */
export function uploadStorm({ guests = 5, each = 3, address = '203.0.113.5' } = {}) {
  return {
    async prepare(server) {
      const image = await attackImage();
      const cookies = [];
      for (let i = 0; i < guests; i += 1) {
        const cookie = await guestFrom(server.base, address);
        await send(server.base, routes.confirmTask, {
          cookie,
          params: { planetId: 'music' },
          body: { description: 'Photograph the sky', reward: 'A telescope' },
        });
        cookies.push(cookie);
      }
      return { image, cookies };
    },
    async start(server, { image, cookies }) {
      let running = true;
      const answers = new Map();
      const stored = [];
      const upload = async (cookie) => {
        while (running) {
          const form = new FormData();
          form.set('date', '2026-11-20');
          form.set('title', 'The sky');
          form.set('content', 'Every pixel of it.');
          form.set('image', new Blob([image], { type: 'image/png' }), 'sky.png');
          const at = performance.now();
          const answer = await status(server.base, routes.submitProof, {
            cookie,
            params: { planetId: 'music' },
            address,
            form,
          });
          answers.set(answer, (answers.get(answer) ?? 0) + 1);
          if (answer === 200) stored.push((performance.now() - at) / 1000);
          else await sleep(100);
        }
      };
      const loops = cookies.flatMap((cookie) => Array.from({ length: each }, () => upload(cookie)));
      return async () => {
        running = false;
        await Promise.all(loops);
        const counts = [...answers].map(([code, n]) => `${n} × ${code}`).join(', ');
        const slowest = stored.length > 0 ? `, stored in up to ${Math.max(...stored).toFixed(1)} s` : '';
        return `${guests} guests × ${each} at a time, ${(image.length / 1024).toFixed(0)} KB 7071² 16-bit PNGs: ${counts}${slowest}`;
      };
    },
  };
}

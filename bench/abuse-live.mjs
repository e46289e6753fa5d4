/**
 * The live channel's attacks of bench/abuse.mjs. Each is a
 * function of its options returning `{ prepare, start }`: `prepare(server)` makes the attacker's
 * accounts and data before the baseline is measured; `start(server, prepared)` begins the attack
 * and returns `stop()`, which ends it and answers the attack's own figure (a line of text, or
 * `{ text, figure }` with a number bench/abuse.mjs compares between builds).
 */
import {
  liveSocketCount,
  OPERATOR,
  RawLiveSocket,
  account,
  liveSocket,
  routes,
  send,
  sleep,
  writeHeavyMessages,
} from './abuse-harness.mjs';
import { cookieOf, guestCookie } from './lib.mjs';

const SYNCS_PER_SECOND = 6;

/** Opens `perCookie` raw sockets for each cookie, up to `count` in all. */
async function openSockets(base, cookies, count, perCookie, options) {
  const sockets = [];
  for (let i = 0; sockets.length < count; i += 1) {
    const cookie = cookies[Math.floor(i / perCookie)];
    if (!cookie) break;
    sockets.push(await RawLiveSocket.open(base, cookie, options));
  }
  return sockets;
}

/** Every socket sends `event()` `perSecond` times a second until stopped. */
function everySocket(sockets, perSecond, event) {
  const timer = setInterval(() => {
    for (const socket of sockets) socket.send(event(socket));
  }, 1000 / perSecond);
  return () => clearInterval(timer);
}

/**
 * Finding 1: guests with 30 messages of 2,000 control characters each (12 KB as JSON) open
 * `sockets` live sockets (10 per guest, the per-session cap), stop reading them, and send
 * `chat.sync {after: null}` six times a second on each (inside the event budget), with a pong
 * every 10 s nobody asked for.
 */
export function unreadSockets({ sockets: count }) {
  return {
    async prepare(server) {
      const cookies = [];
      for (let i = 0; i < Math.ceil(count / 10); i += 1) {
        const cookie = await guestCookie(server.base);
        await writeHeavyMessages(server.base, cookie, 30);
        cookies.push(cookie);
      }
      return { cookies };
    },
    async start(server, { cookies }) {
      const sockets = await openSockets(server.base, cookies, count, 10, { answerPings: false });
      for (const socket of sockets) socket.pause();
      // A paused socket cannot tell it was cut: the server's own count says.
      const held = await liveSocketCount(server.base);
      const stopSyncs = everySocket(sockets, SYNCS_PER_SECOND, () => ({ type: 'chat.sync', after: null }));
      const pongs = setInterval(() => sockets.forEach((socket) => socket.pong()), 10_000);
      return async () => {
        stopSyncs();
        clearInterval(pongs);
        const cut = held - (await liveSocketCount(server.base));
        sockets.forEach((socket) => socket.destroy());
        return `${Number.isNaN(cut) ? '?' : cut} of ${sockets.length} unread sockets cut off by the server`;
      };
    },
  };
}

/**
 * Finding 2: one account with 120 messages of 2,000 control characters, 30 sockets (three
 * sessions of 10) that read everything and answer pings, each sending `chat.sync {after: null}`
 * six times a second.
 */
export function readingResync({ sockets: count = 30 } = {}) {
  return {
    async prepare(server) {
      const { cookie, again } = await account(server.base, 'abuse-resync@example.com');
      await writeHeavyMessages(server.base, cookie, 120);
      const cookies = [cookie];
      while (cookies.length * 10 < count) cookies.push(await again());
      return { cookies };
    },
    async start(server, { cookies }) {
      const sockets = await openSockets(server.base, cookies, count, 10);
      const started = performance.now();
      const stopSyncs = everySocket(sockets, SYNCS_PER_SECOND, () => ({ type: 'chat.sync', after: null }));
      return async () => {
        stopSyncs();
        const seconds = (performance.now() - started) / 1000;
        const bytes = sockets.reduce((sum, socket) => sum + socket.bytes, 0);
        const cut = sockets.filter((socket) => socket.ended).length;
        sockets.forEach((socket) => socket.destroy());
        const rate = bytes / 2 ** 20 / seconds;
        return {
          text: `${(bytes / 2 ** 20).toFixed(0)} MiB sent to the attacker (${rate.toFixed(1)} MiB/s), ${cut} of ${sockets.length} sockets cut off`,
          figure: rate,
        };
      };
    },
  };
}

/**
 * Finding 5: 40 sockets (four guests, ten each) send `chat.typing` 20 frames a second each (inside
 * the 240 frames per 10 s a socket may send), alternating true and false across each guest's
 * sockets (every frame of a guest the opposite of its last); the operator's socket counts the
 * typing events it is sent.
 */
export function typingToggles({ sockets: count = 40, perSecond = 20 } = {}) {
  return {
    async prepare(server) {
      const cookies = [];
      for (let i = 0; i < Math.ceil(count / 10); i += 1) cookies.push(await guestCookie(server.base));
      const operatorCookie = cookieOf(await send(server.base, routes.login, { body: OPERATOR }));
      const heard = { typing: 0, users: new Set() };
      const operator = await liveSocket(server.base, operatorCookie, (event) => {
        if (event.type !== 'chat.typing') return;
        heard.typing += 1;
        heard.users.add(event.userId);
      });
      return { cookies, operator, heard };
    },
    async start(server, { cookies, operator, heard }) {
      const sockets = await openSockets(server.base, cookies, count, 10);
      // Each guest's last state, flipped by every frame any of its sockets sends.
      const guestOf = new Map(sockets.map((socket, i) => [socket, Math.floor(i / 10)]));
      const typing = cookies.map(() => false);
      heard.typing = 0;
      const started = performance.now();
      const stopFrames = everySocket(sockets, perSecond, (socket) => {
        const guest = guestOf.get(socket);
        typing[guest] = !typing[guest];
        return { type: 'chat.typing', typing: typing[guest] };
      });
      return async () => {
        stopFrames();
        const seconds = (performance.now() - started) / 1000;
        // The last relays (a throttled stop) arrive within the throttle's 2 s: counted over the
        // attack and that wait, each user may be relayed once per 2 s of it.
        await sleep(2_500);
        const heardFor = (performance.now() - started) / 1000;
        const users = cookies.length;
        const perUser = heard.typing / users / (heardFor / 2);
        sockets.forEach((socket) => socket.destroy());
        operator.terminate();
        return {
          text: `${heard.typing} typing events to the operator in ${seconds.toFixed(0)} s (${(heard.typing / seconds).toFixed(1)}/s; ${perUser.toFixed(2)} per user per 2 s, ${users} users)`,
          figure: perUser,
        };
      };
    },
  };
}

/**
 * A worker of bench/live.mjs (not run by hand): holds its share of the live sockets as raw TCP
 * connections that did the WebSocket handshake themselves, so that thousands of them cost the
 * benchmark little CPU. It splits what arrives into frames, answers the server's pings (or the
 * server would drop the socket), and while
 * armed records when each socket first receives a frame: the parent triggers a broadcast and reads
 * the first and last arrival of every worker (one clock: `performance.timeOrigin + now()`).
 *
 * Messages from the parent: { open: { port, cookies: string[], width } } → { opened, failed },
 * { arm: id } → { armed: id }, { collect: id } → { first, last, got }, { close: true }.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { routeTable } from '../scripts/built-server.mjs';

const { routes } = await routeTable();

const sockets = [];
let armed = null;
let first = Infinity;
let last = -Infinity;
let got = 0;
const now = () => performance.timeOrigin + performance.now();
// A pong with an empty payload, masked (client frames must be) with a zero key.
const PONG = Buffer.from([0x8a, 0x80, 0, 0, 0, 0]);

function open(port, cookie) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let upgraded = false;
    let seen = -1;
    let settled = false;
    // The start of a frame a chunk ended inside, kept for the next chunk.
    let rest = null;
    const done = (ok) => {
      if (settled) return;
      settled = true;
      if (!ok) socket.destroy();
      resolve(ok);
    };
    socket.setNoDelay(true);
    socket.once('connect', () => {
      socket.write(
        `GET ${routes.live.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n` +
          `Cookie: ${cookie}\r\n\r\n`,
      );
    });
    socket.on('data', (chunk) => {
      let data = rest ? Buffer.concat([rest, chunk]) : chunk;
      rest = null;
      if (!upgraded) {
        // The 101 answer first; the frames after it go through the parser below.
        const end = data.indexOf('\r\n\r\n');
        if (end < 0) {
          rest = Buffer.from(data);
          return;
        }
        if (!data.subarray(0, 12).toString('latin1').startsWith('HTTP/1.1 101')) {
          done(false);
          return;
        }
        upgraded = true;
        data = data.subarray(end + 4);
      }
      // Server frames are unmasked; a chunk may hold several frames, or end inside one.
      let frames = 0;
      while (data.length >= 2) {
        let length = data[1] & 0x7f;
        let header = 2;
        if (length === 126) {
          if (data.length < 4) break;
          length = data.readUInt16BE(2);
          header = 4;
        } else if (length === 127) {
          if (data.length < 10) break;
          length = Number(data.readBigUInt64BE(2));
          header = 10;
        }
        if (data.length < header + length) break;
        if ((data[0] & 0x0f) === 0x9) socket.write(PONG);
        else if (!settled) {
          if (data.subarray(header, header + length).includes('"type":"ready"')) done(true);
        } else frames += 1;
        data = data.subarray(header + length);
      }
      if (data.length > 0) rest = Buffer.from(data);
      if (frames > 0 && armed !== null && seen !== armed) {
        seen = armed;
        const at = now();
        if (at < first) first = at;
        if (at > last) last = at;
        got += 1;
      }
    });
    socket.on('error', () => done(false));
    socket.on('close', () => done(false));
    sockets.push(socket);
  });
}

process.on('message', async (message) => {
  if (message.open) {
    const { port, cookies, width } = message.open;
    let next = 0;
    let opened = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < cookies.length) {
          const cookie = cookies[next];
          next += 1;
          if (await open(port, cookie)) opened += 1;
          else failed += 1;
        }
      }),
    );
    process.send({ opened, failed });
  } else if (message.arm !== undefined) {
    armed = message.arm;
    first = Infinity;
    last = -Infinity;
    got = 0;
    process.send({ armed: message.arm });
  } else if (message.collect !== undefined) {
    process.send({ first, last, got, open: sockets.filter((s) => !s.destroyed).length });
    armed = null;
  } else if (message.close) {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { Instance } from './support/instance.ts';

const TRIALS = 8;
const WRITERS = 6;

/** One browser: cookies, and the writes the server acknowledged to it. */
interface Writer {
  cookie: string;
  userId: string;
  chat: number[];
  proofs: string[];
  visits: string[];
}

describe('crash durability: SIGKILL during writes, on SQLite', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gomeum-crash-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged write and an intact database across repeated kill -9', async () => {
    const instance = new Instance(
      'crash',
      { AUTH_RATE_LIMIT: '1000', GUEST_RATE_LIMIT: '1000', CHAT_RATE_LIMIT: '100000', LOG_LEVEL: 'warn' },
      dataDir,
    );
    const image = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#ff7a59' } })
      .png()
      .toBuffer();
    await instance.start();
    const writers: Writer[] = [];
    for (let i = 0; i < WRITERS; i += 1) {
      const response = await fetch(`${instance.url}/api/auth/guest`, { method: 'POST' });
      const cookie = response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const userId = ((await response.json()) as { user: { id: string } }).user.id;
      const task = await fetch(`${instance.url}/api/planets/music/task`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ description: 'Scales every day', reward: 'Tea' }),
      });
      expect(task.status).toBe(200);
      writers.push({ cookie, userId, chat: [], proofs: [], visits: [] });
    }

    let attempted = 0;
    // Writes acknowledged so far, and a trial's wait for a number of them (not for a time: on a busy
    // machine a second and a half once held fewer than twenty).
    let acknowledgedSoFar = 0;
    let ackWaiter: { count: number; reached: () => void } | null = null;
    const acknowledge = () => {
      acknowledgedSoFar += 1;
      if (ackWaiter && acknowledgedSoFar >= ackWaiter.count) {
        ackWaiter.reached();
        ackWaiter = null;
      }
    };
    const acknowledgedReach = (count: number) =>
      new Promise<void>((resolve) => {
        if (acknowledgedSoFar >= count) resolve();
        else ackWaiter = { count, reached: resolve };
      });
    const write = async (writer: Writer, n: number): Promise<void> => {
      const url = instance.url;
      const headers = { cookie: writer.cookie };
      attempted += 1;
      try {
        if (n % 3 === 0) {
          const response = await fetch(`${url}/api/chat/messages`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              content: `crash test ${n}`,
              clientId: `crash-${n}-${Math.random().toString(36).slice(2)}`,
            }),
          });
          if (response.status === 200) {
            writer.chat.push(((await response.json()) as { message: { id: number } }).message.id);
            acknowledge();
          }
        } else if (n % 3 === 1) {
          const form = new FormData();
          form.append('date', '2026-11-23');
          form.append('title', `Proof ${n}`);
          form.append('content', 'Twenty minutes of scales.');
          if (n % 2 === 0) form.append('image', new Blob([image], { type: 'image/png' }), 'proof.png');
          const response = await fetch(`${url}/api/planets/music/logs`, { method: 'POST', headers, body: form });
          if (response.status === 200) {
            writer.proofs.push(((await response.json()) as { log: { id: string } }).log.id);
            acknowledge();
          }
        } else {
          const page = `/galaxy?crash=${n}`;
          const response = await fetch(`${url}/api/visits`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ page }),
          });
          if (response.status === 200) {
            writer.visits.push(page);
            acknowledge();
          }
        }
      } catch {
        // The server died under this request: not acknowledged.
      }
    };

    let n = 0;
    const losses: string[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      if (trial > 0) await instance.start();
      let writing = true;
      const loops = writers.map(async (writer) => {
        while (writing) await write(writer, (n += 1));
      });
      // Killed once 20 to 40 more writes are acknowledged: the others are then in flight.
      await acknowledgedReach(acknowledgedSoFar + 20 + Math.floor(Math.random() * 21));
      await instance.kill();
      writing = false;
      await Promise.all(loops);

      // With the server dead: the database file as it is on disk.
      const db = new SQLite(path.join(dataDir, 'gomeum.sqlite'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const has = (sql: string, value: string | number) => db.prepare(sql).get(value) !== undefined;
        for (const writer of writers) {
          // A message's id is its number in the writer's conversation.
          const inChat = db.prepare('SELECT 1 FROM chat_messages WHERE user_id = ? AND seq = ?');
          for (const id of writer.chat) if (inChat.get(writer.userId, id) === undefined) losses.push(`chat ${id}`);
          for (const id of writer.proofs)
            if (!has('SELECT 1 FROM task_logs WHERE id = ?', id)) losses.push(`proof ${id}`);
          for (const page of writer.visits)
            if (!has('SELECT 1 FROM page_visits WHERE page = ?', page)) losses.push(`visit ${page}`);
        }
      } finally {
        db.close();
      }
    }
    const acknowledged = writers.reduce((sum, w) => sum + w.chat.length + w.proofs.length + w.visits.length, 0);
    console.log(
      `crash durability: ${TRIALS} kill -9 trials, ${attempted} writes attempted, ${acknowledged} acknowledged, ${losses.length} lost`,
    );
    expect(losses).toEqual([]);
    // Every kill landed among writes in flight: each trial left some unacknowledged.
    expect(attempted - acknowledged).toBeGreaterThanOrEqual(TRIALS);
    expect(instance.crashes).toEqual([]);
  });
});

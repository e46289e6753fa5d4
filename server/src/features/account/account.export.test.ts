import { EXPORT_FILES } from '@gomeum/contracts';
import { describe, expect } from 'vitest';
import yauzl from 'yauzl';
import { TEST_OPERATOR, guestClient, userClient } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import type { TestClient } from '../../test/test-app.ts';
import { fillUserData, type FilledData } from '../../test/user-data.ts';

/** Downloads over real HTTP with the client's cookies; the archive's entries by name. */
async function download(base: string, path: string, client: TestClient) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(`${base}${path}`, { headers: { cookie } });
  const bytes = Buffer.from(await response.arrayBuffer());
  const entries = new Map<string, Buffer>();
  if (response.status === 200) {
    const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        zip
          .openReadStreamPromise(entry)
          .then(async (stream) => {
            entries.set(entry.fileName, Buffer.concat(await stream.toArray()));
            zip.readEntry();
          })
          .catch(reject);
      });
      zip.once('end', resolve);
      zip.once('error', reject);
      zip.readEntry();
    });
  }
  return { status: response.status, headers: response.headers, entries };
}

const json = (entries: Map<string, Buffer>, name: string): unknown => {
  const bytes = entries.get(name);
  if (!bytes) throw new Error(`${name} missing from the archive`);
  return JSON.parse(bytes.toString('utf8'));
};

const it = appTest({ operator: TEST_OPERATOR, exportRateLimit: 3 });

describe('downloading my data', () => {
  let me: { client: TestClient; id: string };
  let other: { client: TestClient; id: string };
  let mine: FilledData;
  let theirs: FilledData;
  // More messages than one page of the database reads, and than a chat history reply holds.
  const MANY = 1_234;

  it.beforeAll(async ({ t, operator }) => {
    me = await userClient(t, 'me@example.com');
    other = await userClient(t, 'someone-else@example.com');
    mine = await fillUserData(t, me.client, 'mine', { client: operator, userId: me.id });
    const log = await operator.postForm('/api/operator/gomeum-logs/music', {
      content: 'Played scales',
      content_en: 'Played scales',
      content_zh: '练了音阶',
      content_ko: '음계를 연습했어요',
    });
    expect(log.status).toBe(200);
    theirs = await fillUserData(t, other.client, 'theirs', { client: operator, userId: other.id });
    const rows = Array.from({ length: MANY }, (_, i) => ({
      user_id: me.id,
      sender: i % 2 === 0 ? ('user' as const) : ('gomeum' as const),
      kind: 'message' as const,
      content: `bulk ${i}`,
      meta: null,
      created_at: t.clock.now + i,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await t.database.db
        .insertInto('chat_messages')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  });

  it('is a ZIP of every part of my data, images included, streamed, with nothing of anyone else', async ({
    url: base,
  }) => {
    const { status, headers, entries } = await download(base, '/api/me/export', me.client);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/zip');
    expect(headers.get('content-disposition')).toMatch(/^attachment; filename="gomeum-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(headers.get('cache-control')).toBe('private, no-store');
    // Made while it is sent: no length known up front.
    expect(headers.get('content-length')).toBeNull();
    expect(headers.get('transfer-encoding')).toBe('chunked');

    for (const name of EXPORT_FILES) expect(entries.has(name), name).toBe(true);

    expect(json(entries, 'profile.json')).toMatchObject({ id: me.id, email: 'me@example.com', isGuest: false });
    expect(entries.get('profile.json')?.toString()).not.toMatch(/password|token_hash|argon2/i);
    expect(json(entries, 'tasks.json')).toEqual([
      expect.objectContaining({ planet: 'music', description: 'Scales mine', reward: 'Tea' }),
    ]);
    const proofKey = mine.proofUrl.replace('/api/files/', '');
    expect(json(entries, 'proofs.json')).toEqual([
      expect.objectContaining({ title: 'Proof mine', content: 'Done mine', image: `images/${proofKey}` }),
    ]);
    // Gomeum's logs on my planets, in every language written.
    expect(json(entries, 'gomeum-logs.json')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          planet: 'music',
          content: 'Played scales',
          contents: { en: 'Played scales', zh: '练了音阶', ko: '음계를 연습했어요' },
        }),
      ]),
    );
    // Gomeum's reaction travels with its proof.
    const [proof] = json(entries, 'proofs.json') as { reaction: unknown }[];
    expect(proof?.reaction).toMatchObject({ sender: 'gomeum', content: 'Gomeum reacts to mine' });
    // The image itself, byte for byte.
    expect(entries.get(`images/${proofKey}`)?.equals(mine.proofBytes)).toBe(true);
    expect(json(entries, 'files.json')).toEqual([
      expect.objectContaining({ path: `images/${proofKey}`, size: mine.proofBytes.length, private: true }),
    ]);

    const chat = json(entries, 'chat.json') as { id: number; sender: string; content: string }[];
    expect(chat.map((m) => m.content)).toEqual(expect.arrayContaining([mine.chatText, 'Gomeum answers mine']));
    expect(chat.filter((m) => m.content.startsWith('bulk ')).length).toBe(MANY);
    expect(chat.map((m) => m.id)).toEqual([...chat.map((m) => m.id)].sort((a, b) => a - b));
    expect(json(entries, 'moon-answers.json')).toEqual([expect.objectContaining({ answer: mine.moonAnswer })]);
    expect(json(entries, 'page-visits.json')).toEqual([expect.objectContaining({ page: mine.visitPage })]);
    expect(json(entries, 'reminders.json')).toEqual([
      expect.objectContaining({
        planet: 'music',
        enabled: true,
        days: [1, 3, 5],
        time: '07:45',
        timeZone: 'Asia/Seoul',
      }),
    ]);
    expect(json(entries, 'push-subscriptions.json')).toEqual([
      expect.objectContaining({ endpoint: mine.pushEndpoint }),
    ]);
    expect((json(entries, 'sessions.json') as unknown[]).length).toBeGreaterThan(0);

    // Nothing of the other user, anywhere in the archive.
    const theirProofKey = theirs.proofUrl.replace('/api/files/', '');
    for (const [name, bytes] of entries) {
      const text = bytes.toString('latin1');
      for (const trace of [
        other.id,
        'someone-else@example.com',
        theirs.chatText,
        theirs.moonAnswer,
        theirs.pushEndpoint,
      ]) {
        expect(text.includes(trace), `${trace} in ${name}`).toBe(false);
      }
      expect(name.includes(theirProofKey)).toBe(false);
      expect(bytes.equals(theirs.proofBytes)).toBe(false);
    }
  });

  it('is for guests too', async ({ t, url: base }) => {
    const guest = await guestClient(t);
    const data = await fillUserData(t, guest.client, 'guest');
    const { status, entries } = await download(base, '/api/me/export', guest.client);
    expect(status).toBe(200);
    expect(json(entries, 'profile.json')).toMatchObject({ id: guest.id, isGuest: true, email: null });
    expect(entries.get(`images/${data.proofUrl.replace('/api/files/', '')}`)?.equals(data.proofBytes)).toBe(true);
    expect([...entries.values()].some((bytes) => bytes.toString('latin1').includes(me.id))).toBe(false);
  });

  it("is the owner's own, or the operator's for a user; nobody else's; and limited per hour", async ({
    url: base,
    operator,
  }) => {
    const anonymous = await fetch(`${base}/api/me/export`);
    expect(anonymous.status).toBe(401);
    // Another user cannot reach it through the operator's route.
    expect((await download(base, `/api/operator/users/${me.id}/export`, other.client)).status).toBe(403);
    const byOperator = await download(base, `/api/operator/users/${me.id}/export`, operator);
    expect(byOperator.status).toBe(200);
    expect(json(byOperator.entries, 'profile.json')).toMatchObject({ id: me.id });
    expect((await download(base, '/api/operator/users/nobody/export', operator)).status).toBe(404);

    // The other user's own download holds their data, not mine.
    const theirsDownload = await download(base, '/api/me/export', other.client);
    expect(json(theirsDownload.entries, 'profile.json')).toMatchObject({ id: other.id });
    expect([...theirsDownload.entries.values()].some((b) => b.toString('latin1').includes(me.id))).toBe(false);

    // Three an hour (as configured here): one used above, two more, then 429.
    expect((await download(base, '/api/me/export', me.client)).status).toBe(200);
    expect((await download(base, '/api/me/export', me.client)).status).toBe(200);
    expect((await download(base, '/api/me/export', me.client)).status).toBe(429);
  });
});

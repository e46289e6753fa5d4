import sharp from 'sharp';
import { beforeAll, describe, expect } from 'vitest';
import { appTest } from '../../test/app-test.ts';
import { makeImage } from '../../test/images.ts';
import { errorCode, TestClient, type TestApp, type TestResponse } from '../../test/test-app.ts';

/**
 * Five guests uploading a 7071 × 7071 16-bit PNG again and again kept the
 * image queue (one at a time, eight waiting, first come first served) full, so a person on another
 * address got 503 for most small proofs and waited seconds for the one stored. Images are now
 * weighed by their header before decoding: small ones have a lane of their own, and addresses and
 * people take turns. These tests send the real images through the proof route and look at the
 * order in which the answers come back, never at the clock.
 */
const ATTACKER = '203.0.113.5';
const ELSEWHERE = '198.51.100.7';
const proof = { date: '2026-11-22', title: 'Scales', content: 'Twenty minutes of scales.' };

/**
 * The finding's kind of image, smaller to keep the test short: 5000 × 5000 pixels at 16 bits a
 * sample, a few hundred KB as a PNG, 50 million samples to decode (the finding's 7071 × 7071 is
 * 100 million: bench/abuse.mjs sends that one).
 */
const attackImage = () =>
  sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#6a5acd' } })
    .toColourspace('rgb16')
    .png()
    .toBuffer();

/** A signed-in person at `address` with a confirmed music task. */
async function person(t: TestApp, address: string, email?: string): Promise<TestClient> {
  const client = new TestClient(t, { remoteAddress: address });
  const signIn = email
    ? await client.post('/api/auth/register', { email, password: 'a-long-password-1' })
    : await client.post('/api/auth/guest');
  expect(signIn.status).toBe(200);
  const task = await client.request('PUT', '/api/planets/music/task', { description: 'Piano', reward: 'Tea' });
  expect(task.status).toBe(200);
  return client;
}

/** Answers in the order they come back. */
class Arrivals {
  readonly log: { who: string; status: number; code: string | null; retryAfter: unknown }[] = [];
  private firstRefusal!: () => void;
  readonly refused = new Promise<void>((resolve) => (this.firstRefusal = resolve));

  async send(who: string, client: TestClient, image: Buffer, type: string): Promise<TestResponse> {
    const response = await client.postForm('/api/planets/music/logs', proof, [
      { field: 'image', name: 'proof', type, bytes: image },
    ]);
    const code = response.status === 200 ? null : errorCode(response);
    this.log.push({ who, status: response.status, code, retryAfter: response.headers['retry-after'] });
    if (response.status >= 400) this.firstRefusal();
    return response;
  }

  /** Where in the order `who`'s last answer came; -1 when none. */
  lastOf(who: string, status = 200): number {
    return this.log.findLastIndex((entry) => entry.who === who && entry.status === status);
  }
}

const it = appTest({ imageWork: { concurrency: 1, maxWaiting: 3 }, uploadMaxBytes: 10 * 1024 * 1024 });

describe('proof uploads share image decoding fairly', () => {
  let image: Buffer;

  beforeAll(async () => {
    image = await attackImage();
  });

  /** Five guests on one address each send two of the finding's images at once. */
  async function storm(t: TestApp, arrivals: Arrivals) {
    const guests = await Promise.all(Array.from({ length: 5 }, () => person(t, ATTACKER)));
    return Promise.all(
      guests.flatMap((guest) => [0, 1].map(() => arrivals.send('attacker', guest, image, 'image/png'))),
    );
  }

  it("stores every small proof of a person elsewhere while the storm's large images wait", async ({ t }) => {
    const victim = await person(t, ELSEWHERE, 'elsewhere@example.com');
    const arrivals = new Arrivals();
    const attack = storm(t, arrivals);
    // The first refusal says the large lane is full: one decoding, three waiting.
    await arrivals.refused;
    for (let i = 0; i < 3; i += 1) {
      const response = await arrivals.send('victim', victim, await makeImage('jpeg', 1200, 900), 'image/jpeg');
      expect(response.status).toBe(200);
    }
    await attack;
    // Each small proof was stored before the large images admitted with the storm were.
    expect(arrivals.lastOf('victim')).toBeLessThan(arrivals.lastOf('attacker'));
    // The attackers were told, with a code the app shows in the user's language and when to retry.
    const refusals = arrivals.log.filter((entry) => entry.who === 'attacker' && entry.status !== 200);
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) {
      expect([429, 503]).toContain(refusal.status);
      expect(['upload.error_busy', 'upload.error_queue_full']).toContain(refusal.code);
      expect(Number(refusal.retryAfter)).toBeGreaterThan(0);
    }
    const logs = (await victim.get('/api/planets/music/logs')).body as { items: { imageUrl: string | null }[] };
    expect(logs.items.filter((item) => item.imageUrl).length).toBe(3);
  });

  it('lets a neighbour behind the same address send a large photo, ahead of the guests filling the queue', async ({
    t,
  }) => {
    const neighbour = await person(t, ATTACKER, 'neighbour@example.com');
    // A 20-megapixel photo: past the small lane, decoded beside the storm's images.
    const photo = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#2e8b57' } })
      .jpeg()
      .toBuffer();
    const arrivals = new Arrivals();
    const attack = storm(t, arrivals);
    await arrivals.refused;
    const response = await arrivals.send('neighbour', neighbour, photo, 'image/jpeg');
    expect(response.status).toBe(200);
    await attack;
    // The neighbour took the place of a guest's image, and went before the guests' waiting images:
    // only the one being decoded when it came was stored before it.
    const answered = arrivals.lastOf('neighbour');
    const storedBefore = arrivals.log.slice(0, answered).filter((e) => e.who === 'attacker' && e.status === 200);
    expect(storedBefore.length).toBeLessThanOrEqual(1);
    expect(arrivals.log.filter((e) => e.who === 'attacker' && e.status === 200).length).toBeGreaterThan(1);
  });
});

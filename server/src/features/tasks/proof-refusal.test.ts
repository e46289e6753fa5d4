import http from 'node:http';
import sharp from 'sharp';
import { describe, expect, vi } from 'vitest';
import { guestClient } from '../../test/accounts.ts';
import { appTest } from '../../test/app-test.ts';
import type { TestClient } from '../../test/test-app.ts';

const it = appTest({});

/** The proof routes' limit per person, per minute (tasks.routes.ts). */
const PROOFS_PER_MINUTE = 30;

/**
 * Starts an upload of a proof whose body never ends (a first part sent, the rest held back) and
 * resolves with the server's status once it answers; the request is then destroyed.
 */
function heldUpload(base: string, client: TestClient): Promise<{ status: number; body: string }> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/api/planets/music/logs`, {
      method: 'POST',
      headers: {
        cookie,
        origin: base,
        'content-type': 'multipart/form-data; boundary=held',
        'content-length': String(8 * 1024 * 1024),
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        request.destroy();
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
    request.write('--held\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\n\r\n');
    request.write(Buffer.alloc(64 * 1024));
  });
}

describe('a proof upload past its limit', () => {
  it('is refused before its body is read: the answer comes while the body is still held back', async ({
    t,
    url: base,
  }) => {
    const { client } = await guestClient(t);
    for (let n = 0; n < PROOFS_PER_MINUTE; n += 1) {
      expect((await client.postForm('/api/planets/music/logs', { title: '' })).status).not.toBe(429);
    }
    // 64 KB of an 8 MB body sent: the refusal does not wait for (or keep) the rest.
    expect((await heldUpload(base, client)).status).toBe(429);
  });

  it('is refused before its body is read while the person’s earlier photos are still being processed', async ({
    t,
    url: base,
  }) => {
    const { client, id } = await guestClient(t);
    expect(
      (await client.request('PUT', '/api/planets/music/task', { description: 'Piano', reward: 'Tea' })).status,
    ).toBe(200);
    // Two photos that take a while to decode (5000 × 5000 at 16 bits a sample): the person's share.
    const heavy = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#6a5acd' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    const proof = { date: '2026-11-22', title: 'Scales', content: 'Twenty minutes.' };
    const image = [{ field: 'image', name: 'big.png', type: 'image/png', bytes: heavy }];
    const sent = [
      client.postForm('/api/planets/music/logs', proof, image),
      client.postForm('/api/planets/music/logs', proof, image),
    ];
    await vi.waitFor(() => expect(() => t.services.tasks.refuseIfImagesBusy(id)).toThrow(), { timeout: 20_000 });
    const third = await heldUpload(base, client);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toMatchObject({ error: { code: 'upload.error_busy' } });
    // The two go on to be stored.
    expect((await Promise.all(sent)).map((response) => response.status)).toEqual([200, 200]);
  });
});

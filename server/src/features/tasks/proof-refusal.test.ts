import http from 'node:http';
import { describe, expect } from 'vitest';
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
function heldUpload(base: string, client: TestClient): Promise<number> {
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
      resolve(response.statusCode ?? 0);
      response.resume();
      request.destroy();
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
    expect(await heldUpload(base, client)).toBe(429);
  });
});

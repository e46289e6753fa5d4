import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { expect } from 'vitest';

/**
 * A push service of our own for tests: https on loopback with a self-signed certificate, the
 * browser's side of a subscription (its keys) and the decryption a browser does, so a test sees
 * exactly what a device would show.
 */
const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** What our fake push service received. */
export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A local push service over https with a self-signed certificate; answers each path's chosen status. */
export async function startPushService(dir: string) {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const received: Received[] = [];
  const statusFor = new Map<string, number>();
  let waiters: { test: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrived = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      received.push(arrived);
      response.writeHead(statusFor.get(request.url ?? '') ?? 201).end();
      waiters = waiters.filter((waiter) => {
        if (!waiter.test(arrived)) return true;
        waiter.resolve(arrived);
        return false;
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const origin = `https://127.0.0.1:${address.port}`;
  const agent = new https.Agent({ ca: fs.readFileSync(cert) });
  /** The first message (already received or coming) that passes `test`; rejects after `timeoutMs`. */
  const arrival = (test: (r: Received) => boolean, timeoutMs = 5000): Promise<Received> => {
    const seen = received.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a push')), timeoutMs);
      waiters.push({
        test,
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
      });
    });
  };
  return {
    origin,
    agent,
    received,
    statusFor,
    arrival,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export function newBrowserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, p256dh: b64url(ecdh.getPublicKey()), authB64: b64url(auth) };
}

/** RFC 8291 + RFC 8188 (aes128gcm) decryption, as a browser does it. */
export function decrypt(body: Buffer, keys: ReturnType<typeof newBrowserKeys>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(recordSize).toBeGreaterThanOrEqual(ciphertext.length);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

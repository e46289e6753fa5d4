/**
 * A push service of our own: https on loopback with a self-signed certificate, the browser's side
 * of a subscription (its keys) and the decryption a browser does, so what a device would show can
 * be read. Used by the operator-push benchmark and by the server's tests (server/src/test/push-endpoint.ts).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';

/**
 * Starts the service on a free port, its key and certificate written into `dir` (`cert.pem`, for
 * a server's NODE_EXTRA_CA_CERTS). Answers each path with its status in `statusFor` (201 else).
 */
export async function startPushService(dir) {
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
  const received = [];
  const statusFor = new Map();
  let waiters = [];
  const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const arrived = {
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
        at: performance.now(),
      };
      received.push(arrived);
      response.writeHead(statusFor.get(request.url ?? '') ?? 201).end();
      waiters = waiters.filter((waiter) => {
        if (!waiter.test(arrived)) return true;
        waiter.resolve(arrived);
        return false;
      });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  const origin = `https://127.0.0.1:${port}`;
  const agent = new https.Agent({ ca: fs.readFileSync(cert) });
  /** The first message (already received or coming) that passes `test`; rejects after `timeoutMs`. */
  const arrival = (test, timeoutMs = 5000) => {
    const seen = received.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a push')), timeoutMs);
      waiters.push({
        test,
        resolve: (arrived) => {
          clearTimeout(timer);
          resolve(arrived);
        },
      });
    });
  };
  return {
    origin,
    agent,
    certFile: cert,
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
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authB64: auth.toString('base64url') };
}

/** RFC 8291 + RFC 8188 (aes128gcm) decryption, as a browser does it; throws on a malformed record. */
export function decrypt(body, keys) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (recordSize < ciphertext.length) throw new Error(`record size ${recordSize} below ${ciphertext.length}`);
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
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

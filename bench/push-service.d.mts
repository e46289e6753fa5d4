import type crypto from 'node:crypto';
import type https from 'node:https';

/** What the push service received. */
export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** `performance.now()` when the message had come in whole. */
  at: number;
}

/** A browser's side of a subscription. */
export interface BrowserKeys {
  ecdh: crypto.ECDH;
  auth: Buffer;
  p256dh: string;
  authB64: string;
}

/** A push service over https on loopback with a self-signed certificate. */
export function startPushService(dir: string): Promise<{
  origin: string;
  agent: https.Agent;
  certFile: string;
  received: Received[];
  statusFor: Map<string, number>;
  arrival(test: (received: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}>;

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
export function newBrowserKeys(): BrowserKeys;

/** RFC 8291 + RFC 8188 (aes128gcm) decryption, as a browser does it. */
export function decrypt(body: Buffer, keys: BrowserKeys): string;

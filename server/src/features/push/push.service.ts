import crypto from 'node:crypto';
import type https from 'node:https';
import type { PushSubscriptionBody } from '@gomeum/contracts';
import { FALLBACK_LANGUAGE, isLanguage, type PushMessage } from '@gomeum/contracts';
import { createRequire } from 'node:module';
import type webpushModule from 'web-push';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { PushDone, PushMessageBuilder, PushSender, PushTally } from '../../lib/push-sender.ts';
import type { PushRepository, PushSubscriptionRow } from './push.repository.ts';
import type { VapidKeys } from './vapid.ts';

// web-push (and its crypto helpers) is loaded with the first delivery, not at start-up.
let loaded: typeof webpushModule | undefined;
function webpush(): typeof webpushModule {
  loaded ??= createRequire(import.meta.url)('web-push') as typeof webpushModule;
  return loaded;
}

/** Devices an alert is for, and the send to them. */
export interface AlertDevices {
  count: number;
  send(build: PushMessageBuilder): Promise<PushTally>;
}

/** Hosts of the push services of Chrome/Edge/Android (FCM), Firefox, Windows and Safari. */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
] as const;

/** How push delivery behaves; tests give an agent that trusts their own certificate. */
export interface PushOptions {
  now: () => number;
  /** Endpoint hosts a subscription may name (`*.example.com` for subdomains, `*` for any). */
  allowedHosts: readonly string[];
  agent?: https.Agent | undefined;
  timeoutMs?: number;
  /** How long a push service keeps a message for an offline device, in seconds. */
  ttlSeconds?: number;
  log: { warn(details: object, message: string): void };
  /** Hears the outcome of every delivery (metrics). */
  onDelivery?: ((outcome: 'delivered' | 'gone' | 'failed') => void) | undefined;
}

const PAGE_SIZE = 500;
const CONCURRENCY = 8;

/** True when `host` is allowed by one of the patterns. */
export function isAllowedPushHost(host: string, patterns: readonly string[]): boolean {
  const name = host.toLowerCase();
  return patterns.some((pattern) => {
    const p = pattern.trim().toLowerCase();
    if (p === '*') return true;
    if (p.startsWith('*.')) return name.endsWith(p.slice(1)) && name.length > p.length - 1;
    return name === p;
  });
}

/**
 * True when a subscription may name this endpoint: https, a host `patterns` allow, and port 443
 * unless a pattern names the host with its port (`push.example:8443`; `*` never allows another port).
 */
export function isAllowedPushEndpoint(endpoint: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  if (url.port !== '') return patterns.some((pattern) => pattern.trim().toLowerCase() === url.host.toLowerCase());
  return isAllowedPushHost(url.hostname, patterns);
}

/** Equal strings, compared in constant time (the keys a browser proves its subscription with). */
function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(a), digest(b));
}

/**
 * Web Push with VAPID: stores each user's subscriptions (guests are users), and delivers in the
 * background. A subscription the push service says is gone (404/410) is deleted.
 */
export class PushService implements PushSender {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly repository: PushRepository,
    private readonly vapid: VapidKeys,
    private readonly options: PushOptions,
  ) {}

  /** The public key browsers subscribe with. */
  get publicKey(): string {
    return this.vapid.publicKey;
  }

  /**
   * Stores a browser's subscription. An endpoint another user holds moves to this one only with
   * the same keys (the same browser, signed in as someone else now); anyone else posting it is
   * refused (409), so a known endpoint cannot be taken from its owner.
   */
  async subscribe(userId: string, locale: string, body: PushSubscriptionBody): Promise<void> {
    if (!isAllowedPushEndpoint(body.endpoint, this.options.allowedHosts)) throw new AppError('push.error_endpoint');
    const held = await this.repository.findByEndpoint(body.endpoint);
    if (
      held &&
      held.user_id !== userId &&
      !(sameSecret(held.p256dh, body.keys.p256dh) && sameSecret(held.auth, body.keys.auth))
    ) {
      throw new AppError('push.error_endpoint');
    }
    await this.repository.upsert({
      id: newId(),
      user_id: userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      locale: body.locale ?? (isLanguage(locale) ? locale : FALLBACK_LANGUAGE),
      created_at: this.options.now(),
    });
  }

  /** Forgets one of this user's subscriptions. */
  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.repository.deleteForUser(userId, endpoint);
  }

  /**
   * Forgets every device of this user. A guest registering keeps its id, but not the devices its
   * other browsers subscribed (a copy of its cookie among them); the registering browser subscribes
   * again as the account.
   */
  async forgetDevices(userId: string): Promise<number> {
    return this.repository.deleteAllForUser(userId);
  }

  sendToAll(build: PushMessageBuilder, onDone?: PushDone): void {
    this.track(
      (async () => {
        const tally = await this.deliverAll(build);
        await onDone?.(tally);
      })(),
    );
  }

  sendToUser(userId: string, build: PushMessageBuilder): void {
    this.track(
      (async () => {
        await this.deliverMany(await this.repository.listForUser(userId), build);
      })(),
    );
  }

  /**
   * These users' devices whose operator alerts are on (the operator's switch per device): how
   * many, and a send to them all that resolves with the tally once each was tried (never throws).
   */
  async alertDevices(userIds: readonly string[]): Promise<AlertDevices> {
    const devices = await this.repository.listAlertedFor(userIds);
    return {
      count: devices.length,
      send: (build) => {
        const work = this.deliverMany(devices, build);
        this.track(work.then(() => undefined));
        return work.catch(() => ({ delivered: 0, failed: devices.length }));
      },
    };
  }

  /** Whether this user holds a subscription at `endpoint`, and whether operator alerts go to it. */
  async alertState(userId: string, endpoint: string): Promise<{ subscribed: boolean; enabled: boolean }> {
    const row = await this.repository.findForUser(userId, endpoint);
    return { subscribed: Boolean(row), enabled: row?.operator_alerts === 1 };
  }

  /** Turns operator alerts on or off for one of this user's subscriptions (404 when it is not theirs). */
  async setAlerts(
    userId: string,
    endpoint: string,
    enabled: boolean,
  ): Promise<{ subscribed: boolean; enabled: boolean }> {
    if (!(await this.repository.setOperatorAlerts(userId, endpoint, enabled))) throw new AppError('errors.not_found');
    return { subscribed: true, enabled };
  }

  /** Resolves when every delivery started so far has finished (tests, graceful shutdown). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Sends one message to one subscription; true when the push service accepted it. */
  async deliver(subscription: PushSubscriptionRow, message: PushMessage): Promise<boolean> {
    const { sendNotification, WebPushError } = webpush();
    try {
      await sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(message),
        {
          vapidDetails: this.vapid,
          TTL: this.options.ttlSeconds ?? 24 * 60 * 60,
          timeout: this.options.timeoutMs ?? 10_000,
          contentEncoding: 'aes128gcm',
          ...(this.options.agent ? { agent: this.options.agent } : {}),
        },
      );
      this.options.onDelivery?.('delivered');
      return true;
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        this.options.onDelivery?.('gone');
        await this.repository.deleteByEndpoint(subscription.endpoint);
        return false;
      }
      this.options.onDelivery?.('failed');
      this.options.log.warn(
        { err: error, status: error instanceof WebPushError ? error.statusCode : undefined },
        'push delivery failed',
      );
      return false;
    }
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => this.options.log.warn({ err: error }, 'push delivery failed'));
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }

  private async deliverAll(build: PushMessageBuilder): Promise<PushTally> {
    const tally: PushTally = { delivered: 0, failed: 0 };
    let after = '';
    for (;;) {
      const page = await this.repository.page(after, PAGE_SIZE);
      if (page.length === 0) return tally;
      const sent = await this.deliverMany(page, build);
      tally.delivered += sent.delivered;
      tally.failed += sent.failed;
      after = page[page.length - 1]?.id ?? after;
      if (page.length < PAGE_SIZE) return tally;
    }
  }

  private async deliverMany(subscriptions: PushSubscriptionRow[], build: PushMessageBuilder): Promise<PushTally> {
    const tally: PushTally = { delivered: 0, failed: 0 };
    let next = 0;
    const worker = async () => {
      while (next < subscriptions.length) {
        const subscription = subscriptions[next++];
        if (!subscription) return;
        const message = build(isLanguage(subscription.locale) ? subscription.locale : FALLBACK_LANGUAGE);
        if (!message) continue;
        if (await this.deliver(subscription, message)) tally.delivered += 1;
        else tally.failed += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, subscriptions.length) }, worker));
    return tally;
  }
}

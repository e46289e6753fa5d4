import type { Language, PushMessage } from '@gomeum/contracts';

/** Builds one push message in a subscription's language; null skips that subscription. */
export type PushMessageBuilder = (locale: Language) => PushMessage | null;

/**
 * What features need from Web Push: send to everyone, or to one user. Delivery runs in the
 * background (a failed push never fails the request that caused it); the push feature implements it.
 */
export interface PushSender {
  sendToAll(build: PushMessageBuilder): void;
  sendToUser(userId: string, build: PushMessageBuilder): void;
}

/** A sender that sends nothing, for services built without Web Push. */
export const noPushSender: PushSender = {
  sendToAll: () => undefined,
  sendToUser: () => undefined,
};

import type { Language, PushMessage } from '@gomeum/contracts';

/** Builds one push message in a subscription's language; null skips that subscription. */
export type PushMessageBuilder = (locale: Language) => PushMessage | null;

/** How one send went: messages the push services accepted, and those refused or gone. */
export interface PushTally {
  delivered: number;
  failed: number;
}

/** Told once a send has reached every subscription. */
export type PushDone = (tally: PushTally) => void | Promise<void>;

/**
 * What features need from Web Push: send to everyone, or to one user. Delivery runs in the
 * background (a failed push never fails the request that caused it); the push feature implements it.
 */
export interface PushSender {
  /** Sends to every subscription; `onDone` hears the tally at the end. */
  sendToAll(build: PushMessageBuilder, onDone?: PushDone): void;
  sendToUser(userId: string, build: PushMessageBuilder): void;
}

/** A sender that sends nothing, for services built without Web Push. */
export const noPushSender: PushSender = {
  sendToAll: (_build, onDone) => void onDone?.({ delivered: 0, failed: 0 }),
  sendToUser: () => undefined,
};

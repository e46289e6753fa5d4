import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UsersRepository } from './users.repository.ts';

/** Who a user is, in short: what the operator's lists show beside their id. */
export interface UserSummary {
  email: string | null;
  guestId: string | null;
  isGuest: boolean;
  /** The language they chose (a language code, or what the browser said). */
  locale?: string;
}

/** A write another feature makes together with claiming a user's mark, in the same transaction. */
export type MarkedWrite<T> = (trx: Kysely<Database>) => Promise<T>;

/**
 * What other features may know of users (the `users` and `user_meta` tables are this feature's):
 * whether one exists, who they are in short, their time zone, and the chat's once-per-user marks,
 * each claimed in one transaction with the message it guards.
 */
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  /** Whether the user exists. */
  exists(userId: string): Promise<boolean> {
    return this.users.exists(userId);
  }

  /** Who these users are, by id (users that do not exist are absent). */
  async summaries(userIds: string[]): Promise<Map<string, UserSummary>> {
    const rows = await this.users.listSummaries(userIds);
    return new Map(
      rows.map((row) => [
        row.id,
        { email: row.email, guestId: row.guest_id, isGuest: row.is_guest === 1, locale: row.locale },
      ]),
    );
  }

  /** Who plays Gomeum: every operator account's id (their devices get the operator's alerts). */
  operatorIds(): Promise<string[]> {
    return this.users.operatorIds();
  }

  /** The user's IANA time zone (their streaks' days), or null when none was given yet. */
  timeZone(userId: string): Promise<string | null> {
    return this.users.getTimeZone(userId);
  }

  /** Records the user's IANA time zone (the caller has checked it is one). */
  setTimeZone(userId: string, timeZone: string): Promise<void> {
    return this.users.setTimeZone(userId, timeZone);
  }

  /** Whether the user had the welcome, the newest announcement they saw and the newest reaction posted to them (0: none). */
  async chatMarks(
    userId: string,
  ): Promise<{ welcomeShown: boolean; lastSeenUpdate: number; lastSeenReaction: number }> {
    const row = await this.users.chatMarks(userId);
    return {
      welcomeShown: Boolean(row?.welcome_shown),
      lastSeenUpdate: row?.last_seen_update ?? 0,
      lastSeenReaction: row?.last_seen_reaction ?? 0,
    };
  }

  /** Runs `write` only for the one call that marks the welcome given, in the same transaction; else null. */
  claimWelcome<T>(userId: string, write: MarkedWrite<T>): Promise<T | null> {
    return this.users.claimWelcome(userId, write);
  }

  /** Runs `write` only for the one call that moves the user's last-seen announcement to `publishedAt`; else null. */
  claimAnnouncement<T>(userId: string, publishedAt: number, write: MarkedWrite<T>): Promise<T | null> {
    return this.users.claimAnnouncement(userId, publishedAt, write);
  }

  /**
   * Runs `write` only for the one call that moves the user's reaction mark from `from` to `to`
   * (the time of the newest reaction it posts into their chat); else null.
   */
  claimReactions<T>(userId: string, from: number, to: number, write: MarkedWrite<T>): Promise<T | null> {
    return this.users.claimReactions(userId, from, to, write);
  }
}

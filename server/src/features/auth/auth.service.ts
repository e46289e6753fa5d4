import type { AuthResult, LoginBody, Me, RegisterBody } from '@gomeum/contracts';
import { HOME_FOR_ROLE, isLanguage } from '@gomeum/contracts';
import { AppError } from '../../lib/errors.ts';
import { hashToken, newGuestId, newId, newToken } from '../../lib/ids.ts';
import type { RateBudget } from '../../lib/rate-budget.ts';
import { addressKey } from '../../lib/route-limits.ts';
import { isCommonPassword } from './common-passwords.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

/** Who is asking and from where: what the auth service needs from a request, as plain data. */
export interface ClientContext {
  ip: string | null;
  userAgent: string | null;
  /** The session cookie's token, if the browser sent one. */
  sessionToken?: string | undefined;
  /** The long-lived guest cookie's token, if the browser sent one. */
  guestToken?: string | undefined;
}

/** A freshly started session: the cookie value and how long it may live. */
export interface StartedSession {
  token: string;
  maxAgeMs: number;
}

/** What a successful sign-in hands back to the route. */
export interface SignIn {
  result: AuthResult;
  session: StartedSession;
  /** Set when this browser should remember a (new) guest account; null to forget it. */
  guestToken?: string | null;
}

/** Session lifetime settings. */
export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

// Sessions are touched at most this often, so every request is not a write.
const TOUCH_EVERY_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long after logging in a browser that was a guest may bring the guest's work into the account. */
export const GUEST_MERGE_OFFER_MS = 30 * 60 * 1000;

/** The public view of a user row. */
export function toMe(user: UserRow): Me {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    isGuest: user.is_guest === 1,
    guestId: user.guest_id,
    locale: isLanguage(user.locale) ? user.locale : 'en',
  };
}

/** Accounts and sessions: register, log in, guest, log out, and who a cookie belongs to. */
export class AuthService {
  private readonly endedListeners: ((sessionId: string) => void | Promise<void>)[] = [];
  private readonly registeredListeners: ((userId: string) => void | Promise<void>)[] = [];

  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly policy: SessionPolicy,
    private readonly now: () => number,
    /** New guest accounts per address per day (a returning guest is not new). */
    private readonly newGuests?: { budget: RateBudget; perDay: number },
  ) {}

  /** The signed-in user for a session token, or null when missing, unknown or expired. */
  async resolveSession(token: string | undefined): Promise<{ user: UserRow; sessionId: string } | null> {
    if (!token) return null;
    const id = hashToken(token);
    const found = await this.sessions.findWithUser(id);
    if (!found) return null;
    const { session, user } = found;
    const now = this.now();
    if (session.expires_at <= now || session.last_seen_at + this.policy.idleMs <= now) {
      await this.endSession(id);
      return null;
    }
    // Best effort: a session that cannot be touched now (a full disk) still serves this request.
    if (now - session.last_seen_at >= TOUCH_EVERY_MS) await this.sessions.touch(id, now).catch(() => undefined);
    return { user, sessionId: id };
  }

  /**
   * Retention: ended sessions are removed, and addresses older than `retentionMs` forgotten (the
   * last sign-in address of users who have not signed in since, and that of old sessions).
   */
  async forgetOldAddresses(retentionMs: number): Promise<number> {
    const now = this.now();
    await this.sessions.deleteExpired(now, this.policy.idleMs);
    const [users, sessions] = await Promise.all([
      this.users.forgetAddresses(now - retentionMs),
      this.sessions.forgetAddresses(now - retentionMs),
    ]);
    return users + sessions;
  }

  /**
   * The guest this browser proves it is: the guest signed in now, or the guest its long-lived
   * cookie remembers (a guest who logged out).
   */
  private async provenGuest(context: ClientContext): Promise<UserRow | null> {
    const current = await this.resolveSession(context.sessionToken);
    if (current) return current.user.is_guest === 1 ? current.user : null;
    if (!context.guestToken) return null;
    return (await this.users.findGuestByTokenHash(hashToken(context.guestToken))) ?? null;
  }

  /**
   * Creates an account. A guest registering (signed in as the guest, or logged out but remembered
   * by this browser) keeps its id, and with it every task, log, chat and answer it made as a guest.
   */
  async register(body: RegisterBody, context: ClientContext): Promise<SignIn> {
    if (await isCommonPassword(body.password)) throw new AppError('register.error_password_common');
    // Hashed first, whatever the answer: a taken email costs the same time as a new one.
    const passwordHash = await hashPassword(body.password);
    if (await this.users.findByEmail(body.email)) {
      throw new AppError('register.error_email_exists');
    }
    const guest = await this.provenGuest(context);
    let userId: string;
    if (guest) {
      userId = guest.id;
      await this.users.upgradeGuest(userId, body.email, passwordHash);
    } else {
      userId = newId();
      try {
        await this.users.insert({
          id: userId,
          email: body.email,
          password_hash: passwordHash,
          role: 'user',
          is_guest: 0,
          guest_id: null,
          guest_token_hash: null,
          locale: 'en',
          created_at: this.now(),
          last_login_at: null,
          last_ip: null,
        });
      } catch (error) {
        // Two registrations of one address racing: the unique index decides.
        if (await this.users.findByEmail(body.email)) throw new AppError('register.error_email_exists');
        throw error;
      }
    }
    const signIn = await this.startSession(userId, context);
    if (!guest) return signIn;
    // The guest's other sessions (another tab, or whoever copied its cookie) end here: only this
    // browser becomes the account. `upgradeGuest` already took away the guest cookie's power.
    await this.endOtherSessions(userId, signIn.session.token);
    for (const listener of this.registeredListeners) await listener(userId);
    return { ...signIn, guestToken: null };
  }

  /**
   * Signs in with email and password; any failure is the same `register.error_failed`. A browser
   * that was a guest with work of its own (signed in as it, or remembering it) gets an offer: the
   * new session, and only it, may bring that work into the account for a short while, once.
   */
  async login(body: LoginBody, context: ClientContext): Promise<SignIn> {
    // As typed first (an address registered before they were normalized), then NFKC-normalized as
    // registration stores them now (full-width letters typed on a phone's keyboard, say).
    const normalized = body.email.normalize('NFKC');
    const user =
      (await this.users.findByEmail(body.email)) ??
      (normalized === body.email ? undefined : await this.users.findByEmail(normalized));
    const ok = await verifyPassword(user?.password_hash, body.password);
    if (!user || !ok) throw new AppError('register.error_failed');
    const guest = user.role === 'operator' ? null : await this.provenGuest(context);
    const signIn = await this.startSession(user.id, context);
    if (!guest || guest.id === user.id) return signIn;
    const work = await this.users.guestWork(guest.id);
    if (work.tasks + work.proofs + work.messages + work.answers === 0) return signIn;
    const now = this.now();
    await this.sessions.offerGuestMerge(hashToken(signIn.session.token), guest.id, now, now + GUEST_MERGE_OFFER_MS);
    return { ...signIn, result: { ...signIn.result, guestMerge: work } };
  }

  /**
   * Enters as a guest. A browser that is already a guest, or that remembers a guest account, gets
   * that same account back; otherwise a new anonymous user is made for this browser only.
   */
  async guest(context: ClientContext): Promise<SignIn> {
    const current = await this.resolveSession(context.sessionToken);
    if (current?.user.is_guest === 1) {
      return { result: this.result(current.user), session: await this.rotate(current.user.id, context) };
    }
    if (context.guestToken) {
      const remembered = await this.users.findGuestByTokenHash(hashToken(context.guestToken));
      if (remembered) {
        // A guest is one browser: the cookie opening a session ends the guest's other sessions
        // (a copy of the cookie elsewhere), so a copy never goes on unseen beside its owner.
        const signIn = await this.startSession(remembered.id, context);
        await this.endOtherSessions(remembered.id, signIn.session.token);
        return signIn;
      }
    }
    if (
      this.newGuests &&
      context.ip &&
      !(await this.newGuests.budget.take(addressKey(context.ip), this.newGuests.perDay, DAY_MS))
    ) {
      throw new AppError('errors.rate_limited');
    }
    const guestToken = newToken();
    const id = newId();
    await this.users.insert({
      id,
      email: null,
      password_hash: null,
      role: 'user',
      is_guest: 1,
      guest_id: newGuestId(),
      guest_token_hash: hashToken(guestToken),
      locale: 'en',
      created_at: this.now(),
      last_login_at: null,
      last_ip: null,
    });
    return { ...(await this.startSession(id, context)), guestToken };
  }

  /** Ends the session on the server; the cookie alone is worth nothing afterwards. */
  async logout(sessionToken: string | undefined): Promise<void> {
    if (sessionToken) await this.endSession(hashToken(sessionToken));
  }

  /** Hears every session that ends here (logout, rotation, expiry), by session id. */
  onSessionEnded(listener: (sessionId: string) => void | Promise<void>): void {
    this.endedListeners.push(listener);
  }

  /**
   * Hears a guest becoming an account (by its id, which it keeps), once its other sessions have
   * ended: what the guest's other browsers hold (their push subscriptions) must not follow.
   */
  onGuestRegistered(listener: (userId: string) => void | Promise<void>): void {
    this.registeredListeners.push(listener);
  }

  /** Of these session ids, the ones still signed in (not ended, not expired). */
  async liveSessions(ids: string[]): Promise<Set<string>> {
    return new Set(await this.sessions.findLive(ids, this.now(), this.policy.idleMs));
  }

  /** Ends every session of the user but the one of `keepToken`, closing their sockets. */
  private async endOtherSessions(userId: string, keepToken: string): Promise<void> {
    const ended = await this.sessions.deleteOthersOfUser(userId, hashToken(keepToken));
    for (const id of ended) for (const listener of this.endedListeners) await listener(id);
  }

  private async endSession(id: string): Promise<void> {
    await this.sessions.delete(id);
    for (const listener of this.endedListeners) await listener(id);
  }

  async setLocale(userId: string, locale: string): Promise<void> {
    await this.users.setLocale(userId, locale);
  }

  /**
   * Makes `email` the operator with `password`, creating the account if needed. Used at start from
   * the environment and by the CLI.
   */
  async ensureOperator(email: string, password: string): Promise<{ created: boolean }> {
    const normalized = email.trim().toLowerCase();
    const passwordHash = await hashPassword(password);
    const existing = await this.users.findByEmail(normalized);
    if (existing) {
      await this.users.setRoleAndPassword(existing.id, 'operator', passwordHash);
      return { created: false };
    }
    await this.users.insert({
      id: newId(),
      email: normalized,
      password_hash: passwordHash,
      role: 'operator',
      is_guest: 0,
      guest_id: null,
      guest_token_hash: null,
      locale: 'en',
      created_at: this.now(),
      last_login_at: null,
      last_ip: null,
    });
    return { created: true };
  }

  private result(user: UserRow): AuthResult {
    return { user: toMe(user), redirectTo: HOME_FOR_ROLE[user.role] };
  }

  /** Records the login and issues a fresh session (the old one, if any, is ended: rotation). */
  private async startSession(userId: string, context: ClientContext): Promise<SignIn> {
    await this.users.recordLogin(userId, this.now(), context.ip);
    const session = await this.rotate(userId, context);
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('errors.server');
    return { result: this.result(user), session };
  }

  private async rotate(userId: string, context: ClientContext): Promise<StartedSession> {
    if (context.sessionToken) await this.endSession(hashToken(context.sessionToken));
    const now = this.now();
    await this.sessions.deleteExpired(now, this.policy.idleMs);
    const token = newToken();
    await this.sessions.insert({
      id: hashToken(token),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.policy.maxMs,
      ip: context.ip,
      user_agent: context.userAgent?.slice(0, 512) ?? null,
    });
    return { token, maxAgeMs: this.policy.maxMs };
  }
}

import type { Readable } from 'node:stream';
import type { AccountDeleted, DeleteAccountBody, GuestMerged, Me } from '@gomeum/contracts';
import { AppError } from '../../lib/errors.ts';
import type { FilesService } from '../files/index.ts';
import { sourceHash, type TranslationRepository } from '../translation/index.ts';
import { verifyPassword } from '../auth/index.ts';
import type { AccountRepository } from './account.repository.ts';
import { exportArchive } from './account.export.ts';
import type { GuestRepository } from './guest.repository.ts';

/** What the account service needs besides its repository. */
export interface AccountServiceDeps {
  repo: AccountRepository;
  guests: GuestRepository;
  files: FilesService;
  /** Ends a user's live sockets on every instance, and each of their (now deleted) sessions'. */
  endLive: (userId: string, sessionIds: string[]) => Promise<void>;
  now: () => number;
  onError: (error: unknown, context: string) => void;
  /** The operator's views (the chat's inbox): told of a user gone, and of a conversation grown by a merge. */
  operatorViews?: { removed(userId: string): Promise<void>; changed(userId: string): Promise<void> };
  /** Translations kept for the operator: in the download, and forgotten with the user's words. */
  translations?: Pick<TranslationRepository, 'ofHashes' | 'deleteHashes'> | undefined;
}

/** A user's data as a whole: the download of all of it, and the account's deletion with all of it. */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /**
   * The ZIP of everything held about a user, as a stream made while it is read; 404 for a user
   * who does not exist. `name` is the file name to offer.
   */
  async export(userId: string): Promise<{ stream: Readable; name: string }> {
    const user = await this.deps.repo.findUser(userId);
    if (!user) throw new AppError('errors.not_found');
    const stream = await exportArchive(
      {
        repo: this.deps.repo,
        files: this.deps.files,
        translations: this.deps.translations,
        onError: this.deps.onError,
      },
      user,
      this.deps.now(),
    );
    const day = new Date(this.deps.now()).toISOString().slice(0, 10);
    return { stream, name: `gomeum-data-${day}.zip` };
  }

  /**
   * A user deletes their own account: with the password when the account has one (a guest has
   * none). The operator's account is not deleted this way: it would leave Gomeum without its player.
   */
  async deleteOwn(user: Me, body: DeleteAccountBody): Promise<AccountDeleted> {
    if (user.role === 'operator') throw new AppError('errors.forbidden');
    const row = await this.deps.repo.findUser(user.id);
    if (!row) throw new AppError('errors.not_found');
    if (row.password_hash !== null || row.is_guest !== 1) {
      // The same refusal for a missing and a wrong password, after the same work.
      const ok = await verifyPassword(row.password_hash, body.password ?? '');
      if (!ok) throw new AppError('register.error_failed');
    }
    return this.erase(user.id);
  }

  /** The operator deletes a user's account (never an operator's); 404 for one that does not exist. */
  async deleteByOperator(userId: string, confirmUserId: string): Promise<AccountDeleted> {
    if (confirmUserId !== userId) throw new AppError('errors.bad_request');
    const row = await this.deps.repo.findUser(userId);
    if (!row) throw new AppError('errors.not_found');
    if (row.role === 'operator') throw new AppError('errors.forbidden');
    return this.erase(userId);
  }

  /**
   * The signed-in user answers the offer their session got at login: bring the guest's work into
   * the account (every row and file; the guest is deleted and its sockets closed), or leave it
   * with the guest. 404 when this session holds no offer (never had one, used, or expired).
   */
  async answerGuestMerge(user: Me, sessionId: string | null, accept: boolean): Promise<GuestMerged> {
    if (!sessionId || user.isGuest) throw new AppError('errors.not_found');
    const now = this.deps.now();
    if (!accept) {
      if (!(await this.deps.guests.dropOffer(sessionId, now))) throw new AppError('errors.not_found');
      return { ok: true, merged: false, rows: 0 };
    }
    const outcome = await this.deps.guests.merge(sessionId, user.id, now);
    if (!outcome) throw new AppError('errors.not_found');
    await this.deps.endLive(outcome.guestId, outcome.guestSessionIds);
    await this.deps.operatorViews?.removed(outcome.guestId);
    await this.deps.operatorViews?.changed(user.id);
    return { ok: true, merged: true, rows: outcome.rows };
  }

  /** Whether to ask a guest, now, if they want to keep their progress: once, after a proof. */
  async claimKeepAsk(user: Me): Promise<boolean> {
    if (!user.isGuest) return false;
    return this.deps.guests.claimKeepAsk(user.id, this.deps.now());
  }

  /** The hashes of what the user wrote that the operator may have had translated. */
  private async wordsOf(userId: string): Promise<string[]> {
    const hashes = new Set<string>();
    for await (const page of this.deps.repo.chat(userId)) {
      for (const message of page) if (message.sender === 'user') hashes.add(sourceHash(message.content));
    }
    for await (const page of this.deps.repo.proofs(userId)) {
      for (const proof of page) for (const text of [proof.title, proof.content]) hashes.add(sourceHash(text));
    }
    for (const answer of await this.deps.repo.moonAnswers(userId)) hashes.add(sourceHash(answer.answer));
    return [...hashes];
  }

  /**
   * Every row of the user goes in one transaction, then every stored file of theirs, then their
   * open sockets (on every instance) are closed. A file that cannot be removed now is logged and
   * the rest still go: the account is gone either way.
   */
  private async erase(userId: string): Promise<AccountDeleted> {
    const sessionIds = await this.deps.repo.sessionIds(userId);
    const words = this.deps.translations ? await this.wordsOf(userId) : [];
    const { rows, fileKeys } = await this.deps.repo.deleteUser(userId);
    // Their words' translations go with them (another user's same words are translated again if asked).
    await this.deps.translations?.deleteHashes(words);
    let files = 0;
    for (const key of fileKeys) {
      try {
        await this.deps.files.deleteObject(key);
        files += 1;
      } catch (error) {
        this.deps.onError(error, `account deletion: file ${key}`);
      }
    }
    await this.deps.endLive(userId, sessionIds);
    await this.deps.operatorViews?.removed(userId);
    return { ok: true, rows, files };
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import type { FilesService } from '../files/index.ts';
import { AccountRepository } from './account.repository.ts';
import { accountRoutes, type AccountRoutesOptions } from './account.routes.ts';
import { AccountService, type AccountServiceDeps } from './account.service.ts';
import { GuestRepository } from './guest.repository.ts';

export type { AccountService } from './account.service.ts';

/** What the account feature is built from. */
export interface AccountDeps extends Omit<AccountRoutesOptions, 'account'> {
  db: Kysely<Database>;
  files: FilesService;
  endLive: AccountServiceDeps['endLive'];
  operatorViews?: AccountServiceDeps['operatorViews'];
  translations?: AccountServiceDeps['translations'];
  now: () => number;
  onError: (error: unknown, context: string) => void;
}

/**
 * A person's data rights (the download of everything held about them, deleting the account) and a
 * guest's work: the merge into the account logged into, the one-time "keep your progress?" ask.
 */
export function createAccount(deps: AccountDeps): { account: AccountService; plugin: FeaturePlugin } {
  const { db, files, endLive, operatorViews, translations, now, onError, ...limits } = deps;
  const account = new AccountService({
    repo: new AccountRepository(db),
    guests: new GuestRepository(db),
    files,
    endLive,
    now,
    onError,
    translations,
    ...(operatorViews ? { operatorViews } : {}),
  });
  return { account, plugin: (app) => accountRoutes(app, { account, ...limits }) };
}

import { isLanguage } from '@gomeum/contracts';
import { AppError } from '../../lib/errors.ts';
import { perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { UsersService } from '../auth/index.ts';
import type { Translator } from './translator.ts';

/** Options of the translation routes. */
export interface TranslationRoutesOptions {
  translator: Translator;
  users: Pick<UsersService, 'summaries'>;
  /** Requests per operator per minute (kept ones included; the AI's own budget is the translator's). */
  requestsPerMinute: number;
}

/**
 * The operator's translations over HTTP: the answer goes to the asker only (it is the reply to
 * their request), never over the live channel to other dashboards.
 */
export async function translationRoutes(app: App, options: TranslationRoutesOptions): Promise<void> {
  const { translator, users } = options;
  const limit = perPerson(options.requestsPerMinute);
  addRoute(app, ROUTES.translateText, limit, async (request) =>
    translator.translate(request.body.text, request.body.to, request.user.id),
  );
  addRoute(app, ROUTES.translateForUser, limit, async (request) => {
    const summary = (await users.summaries([request.params.userId])).get(request.params.userId);
    if (!summary) throw new AppError('errors.not_found');
    const to = isLanguage(summary.locale) ? summary.locale : 'en';
    return translator.translate(request.body.text, to, request.user.id);
  });
}

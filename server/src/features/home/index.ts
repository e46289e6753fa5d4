import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { HomeRepository } from './home.repository.ts';
import { homeRoutes } from './home.routes.ts';
import { loadSigningKey, PopupLinks } from './popup-links.ts';

export type { PopupLinks } from './popup-links.ts';

/**
 * The home page's popup links: signed with the server's key (from `POPUP_SIGNING_KEY`, else
 * generated once and kept in `settings`) by the features whose content they show, and checked
 * for the home page.
 */
export async function createHome(deps: {
  db: Kysely<Database>;
  signingKey?: string | undefined;
}): Promise<{ popupLinks: PopupLinks; plugin: FeaturePlugin }> {
  const popupLinks = new PopupLinks(await loadSigningKey(new HomeRepository(deps.db), deps.signingKey));
  return { popupLinks, plugin: (app) => homeRoutes(app, { popupLinks }) };
}

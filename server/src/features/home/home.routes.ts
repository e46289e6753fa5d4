import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { PopupLinks } from './popup-links.ts';

/** The home page's popup: anyone may ask whether a link's popup is one the server signed. */
export async function homeRoutes(app: App, options: { popupLinks: PopupLinks }): Promise<void> {
  addRoute(app, ROUTES.homePopup, async (request) => ({ popup: options.popupLinks.verify(request.query) }));
}

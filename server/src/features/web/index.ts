import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import { webRoutes, type WebRoutesOptions } from './web.routes.ts';

/** The built web app: its files, the page shell with each page's share card, /version.json. */
export function createWeb(options: WebRoutesOptions): { plugin: FeaturePlugin } {
  return { plugin: (app) => webRoutes(app, options) };
}

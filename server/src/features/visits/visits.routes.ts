import { perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { VisitsService } from './visits.service.ts';

/** `routes.reportVisit`: the web app reports each navigation of a signed-in user. */
export async function visitsRoutes(app: App, options: { visits: VisitsService }): Promise<void> {
  addRoute(app, ROUTES.reportVisit, perPerson(120), async (request) => {
    // request.ip honours X-Forwarded-For only from proxies TRUST_PROXY names (lib/client-address.ts).
    await options.visits.record(request.user.id, request.body.page, request.ip || null);
    return { ok: true as const };
  });
}

import { perPerson } from '../../lib/route-limits.ts';
import { addRoute, ROUTES } from '../../lib/route-table.ts';
import type { App } from '../../lib/zod-provider.ts';
import type { PushService } from '../push/index.ts';

/** The operator's switch per device: read it and turn it on or off (the device is its push endpoint). */
export async function operatorAlertsRoutes(
  app: App,
  options: { push: Pick<PushService, 'alertState' | 'setAlerts'> },
): Promise<void> {
  const { push } = options;

  addRoute(app, ROUTES.operatorAlerts, async (request) => push.alertState(request.user.id, request.body.endpoint));

  addRoute(app, ROUTES.setOperatorAlerts, perPerson(30), async (request) =>
    push.setAlerts(request.user.id, request.body.endpoint, request.body.enabled),
  );
}

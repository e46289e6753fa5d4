import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FeaturePlugin } from '../../lib/zod-provider.ts';
import type { PushService } from '../push/index.ts';
import { OperatorAlertsRepository } from './operator-alerts.repository.ts';
import { operatorAlertsRoutes } from './operator-alerts.routes.ts';
import { OperatorAlertsService, type OperatorAlertsDeps } from './operator-alerts.service.ts';

export type { AlertOutcome, OperatorAlertsService } from './operator-alerts.service.ts';

/** What the operator's alerts are built from. */
export interface OperatorAlertsFeatureDeps extends Omit<OperatorAlertsDeps, 'repo' | 'push'> {
  db: Kysely<Database>;
  push: Pick<PushService, 'alertDevices' | 'alertState' | 'setAlerts'>;
}

/**
 * The operator's alerts: a push to the operator's devices when a user needs Gomeum and no
 * dashboard is open. `alerts` is what the chat and the tasks are handed (lib/operator-alert-hooks);
 * `plugin` holds the per-device switch's routes.
 */
export function createOperatorAlerts(deps: OperatorAlertsFeatureDeps): {
  alerts: OperatorAlertsService;
  plugin: FeaturePlugin;
} {
  const { db, ...rest } = deps;
  const alerts = new OperatorAlertsService({ ...rest, repo: new OperatorAlertsRepository(db) });
  return { alerts, plugin: (app) => operatorAlertsRoutes(app, { push: deps.push }) };
}

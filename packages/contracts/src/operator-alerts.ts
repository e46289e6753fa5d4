import * as z from 'zod/mini';
import { pushUnsubscribeBodySchema } from './push.ts';

/**
 * The operator's alerts: a push to the operator's devices when a user writes to Gomeum or sends a
 * proof while no dashboard is open. Each device (push subscription) has its own switch, named by
 * its endpoint. The endpoint travels in a body, never in an address, so it stays out of logs.
 */
export const operatorAlertsDeviceBodySchema = pushUnsubscribeBodySchema;
/** The device whose switch is asked for. */
export type OperatorAlertsDeviceBody = z.infer<typeof operatorAlertsDeviceBodySchema>;

/** `PUT /api/operator/alerts`: turns this device's alerts on or off. */
export const setOperatorAlertsBodySchema = z.object({
  endpoint: pushUnsubscribeBodySchema.shape.endpoint,
  enabled: z.boolean(),
});
/** A device's alerts switched. */
export type SetOperatorAlertsBody = z.infer<typeof setOperatorAlertsBodySchema>;

/**
 * A device's alerts: `subscribed` says whether the server holds this endpoint for the operator
 * (not: the device must subscribe to push first), `enabled` whether alerts go to it.
 */
export const operatorAlertsStateSchema = z.object({ subscribed: z.boolean(), enabled: z.boolean() });
/** A device's alerts. */
export type OperatorAlertsState = z.infer<typeof operatorAlertsStateSchema>;

/** How long one conversation stays quiet after an alert while the operator has not answered. */
export const OPERATOR_ALERT_QUIET_MS = 5 * 60 * 1000;

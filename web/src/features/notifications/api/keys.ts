import { operatorKey } from '../../../lib/operator-keys.ts';

/** The broadcasts' query keys: the operator's history of what was sent. */
export const notificationKeys = {
  sent: operatorKey('broadcasts'),
};

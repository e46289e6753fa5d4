import * as routes from '@gomeum/contracts/routes';
import { api } from '../../../lib/api-client.ts';

/** Reports a page the signed-in user opened; failures are only logged, as the spec asks. */
export async function reportVisit(page: string): Promise<void> {
  try {
    await api(routes.reportVisit, { body: { page: page.slice(0, 2048) } });
  } catch (error) {
    console.warn('page visit not recorded', error);
  }
}

import type { Language } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { api } from '../../../lib/api-client.ts';

/** Remembers the user's language on the server (for notifications and Gomeum's replies). */
export function saveLocale(locale: Language) {
  return api(routes.setLocale, { body: { locale } });
}

import { API, meSchema, type Language } from '@gomeum/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Remembers the user's language on the server (for notifications and Gomeum's replies). */
export function saveLocale(locale: Language) {
  return apiRequest('PUT', API.locale, meSchema, { locale });
}

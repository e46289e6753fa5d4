import { HOME_POPUP_PARAMS, type HomePopup, type HomePopupQuery } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { homeKeys } from './keys.ts';

/** The popup parameters of the home page's address, or null when it asks for no signed popup. */
export function popupQueryOf(params: URLSearchParams): HomePopupQuery | null {
  if (params.get('popup') !== 'true' || !params.get('sig')) return null;
  const query: HomePopupQuery = {};
  for (const name of HOME_POPUP_PARAMS) {
    const value = params.get(name);
    if (value !== null) query[name] = value;
  }
  return query;
}

/** Only media from this site: a link must not make the page load someone else's files. */
export function safeMediaPath(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/**
 * The popup the address asks for (`?popup=true&title=…&date=…&image=…&video=…&sig=…`), once the
 * server has found its signature good: a link the dashboard made. Anything else (unsigned,
 * altered, or while the server is asked) shows none.
 */
export function useHomePopup(params: URLSearchParams): HomePopup | null {
  const query = popupQueryOf(params);
  const answer = useQuery({
    queryKey: homeKeys.popup(query ?? {}),
    queryFn: async () => (await api(routes.homePopup, { query: query ?? {} })).popup,
    enabled: query !== null,
    staleTime: Infinity,
    retry: false,
  });
  const popup = query ? answer.data : null;
  if (!popup) return null;
  return { ...popup, image: safeMediaPath(popup.image), video: safeMediaPath(popup.video) };
}

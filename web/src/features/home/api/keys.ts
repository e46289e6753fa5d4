import type { HomePopupQuery } from '@gomeum/contracts';

/** The home page's query keys: a link's popup, by every parameter it carries. */
export const homeKeys = {
  popup: (query: HomePopupQuery) =>
    ['home-popup', query.title, query.date, query.image, query.video, query.sig] as const,
};

import * as z from 'zod/mini';

/** A page visit the web app reports after each navigation: the full path with query. */
export const visitBodySchema = z.object({
  page: z.string().check(
    z.minLength(1),
    z.maxLength(2048),
    z.refine((page) => page.startsWith('/') && !page.startsWith('//'), { error: 'errors.bad_request' }),
  ),
});
/** A page visit report. */
export type VisitBody = z.infer<typeof visitBodySchema>;

/** One stored page visit, as the operator sees it. */
export const visitSchema = z.object({
  page: z.string(),
  ip: z.nullable(z.string()),
  city: z.nullable(z.string()),
  country: z.nullable(z.string()),
  at: z.number(),
});
/** One stored page visit. */
export type Visit = z.infer<typeof visitSchema>;

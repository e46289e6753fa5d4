import { z } from 'zod';

/** A page visit the web app reports after each navigation: the full path with query. */
export const visitBodySchema = z.object({
  page: z
    .string()
    .min(1)
    .max(2048)
    .refine((page) => page.startsWith('/') && !page.startsWith('//'), { error: 'errors.bad_request' }),
});
/** A page visit report. */
export type VisitBody = z.infer<typeof visitBodySchema>;

/** One stored page visit, as the operator sees it. */
export const visitSchema = z.object({
  page: z.string(),
  ip: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  at: z.number(),
});
/** One stored page visit. */
export type Visit = z.infer<typeof visitSchema>;

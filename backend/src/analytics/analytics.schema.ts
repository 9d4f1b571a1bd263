import { t } from '@ordering/common';
import { z } from 'zod';

/** Largest JSON of `data` in characters: an order's items fit, a dump of a page does not. */
export const MAX_DATA_CHARS = 8000;

const name = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_.:-]*$/, { message: t('validation.invalid') });

/** The body of `POST /api/analytics-log` (spec section 7: type, action, category, data). */
export const analyticsLogInput = z
  .object({
    type: z
      .string()
      .trim()
      .min(1)
      .pipe(z.enum(['pageview', 'event', 'commerce'])),
    action: name(100),
    category: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((v) => v ?? ''),
    path: z
      .string()
      .trim()
      .max(500)
      .regex(/^\/[^\s?#]*$/, { message: t('validation.invalid') })
      .nullish()
      .transform((v) => v ?? ''),
    data: z
      .looseObject({})
      .nullish()
      .transform((v) => v ?? {})
      .refine((v) => JSON.stringify(v).length <= MAX_DATA_CHARS, {
        message: t('validation.tooLong', { max: MAX_DATA_CHARS }),
      }),
  })
  .strict();
export type AnalyticsLogInput = z.infer<typeof analyticsLogInput>;

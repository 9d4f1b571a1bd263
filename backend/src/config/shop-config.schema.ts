import { t } from '@ordering/common';
import { z } from 'zod';
import { optionalMarkdown, optionalRichText } from '../content/rich-text.js';
import { SECRET_KEYS, type SecretKey, type ShopConfig } from './shop-config.entity.js';

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

const flag = (fallback: boolean) => z.boolean().default(fallback);
/** An external (http/https) or site-relative (`/…`) address; empty means none. */
const link = () =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s/][^\s]*$|^\/$/.test(v), {
      message: t('validation.url'),
    })
    .nullish()
    .transform((v) => v || null);

const secret = () => z.string().max(500).nullish();

/** The body of `POST /api/config`: the whole configuration; missing fields take their defaults. */
export const shopConfigInput = z.object({
  shopName: z.string().trim().min(1).max(200),
  businessName: z.string().trim().min(1).max(200),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .default('EUR')
    .refine((c) => CURRENCIES.has(c), { message: t('validation.choice') }),
  termsAndConditions: link(),
  termsAndConditionsText: optionalMarkdown(),
  privacyPolicy: link(),
  privacyPolicyText: optionalMarkdown(),
  imprint: link(),
  imprintText: optionalMarkdown(),
  allergens: link(),
  allergensText: optionalMarkdown(),
  enablePluginPWA: flag(false),
  enablePluginToolbar: flag(false),
  enablePluginMaps: flag(false),
  mapZoom: z.number().min(0).max(22).default(19),
  mapPitch: z.number().min(0).max(85).default(55),
  mapBearing: z.number().min(-180).max(180).default(-85),
  mapAccessToken: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v ?? ''),
  enableCash: flag(true),
  enableATMCard: flag(false),
  enableMollie: flag(false),
  enableDatatrans: flag(false),
  enableHydroAGVoucher: flag(false),
  enablePluginSMS: flag(false),
  enablePluginDonations: flag(false),
  enablePluginOrderReviews: flag(false),
  enablePluginFrontdesk: flag(false),
  enablePluginHomePage: flag(false),
  enablePluginSearch: flag(true),
  enablePluginTags: flag(false),
  enablePluginCategoryBar: flag(false),
  enablePluginRatings: flag(false),
  enablePluginCardPayments: flag(false),
  enablePluginVoucherPayments: flag(false),
  enablePluginOnlinePayments: flag(false),
  disableTickets: flag(false),
  title: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v ?? ''),
  description: optionalRichText(20_000),
  website: link(),
  defaultDeliveryMethod: z.enum(['delivery', 'dineIn', 'takeaway']).default('takeaway'),
  /** Masked values sent back unchanged keep the stored secret; '' or null clears it. */
  secrets: z
    .object(
      Object.fromEntries(SECRET_KEYS.map((k) => [k, secret()])) as Record<
        SecretKey,
        ReturnType<typeof secret>
      >,
    )
    .partial()
    .nullish()
    .transform((v) => v ?? {}),
});
export type ShopConfigInput = z.infer<typeof shopConfigInput>;

/** The public configuration fields, in the order of the contract. */
export const PUBLIC_KEYS = Object.keys(shopConfigInput.shape).filter((k) => k !== 'secrets') as Array<
  Exclude<keyof ShopConfigInput, 'secrets'>
>;

/** What anybody may read (the storefront): every field but the secrets. */
export function publicConfigJson(config: ShopConfig): Record<string, unknown> {
  return Object.fromEntries(PUBLIC_KEYS.map((k) => [k, config[k as keyof ShopConfig]]));
}

const MASK = '••••';

/** `••••1234`: enough to recognise a key, never enough to use it; '' stays ''. */
export function maskSecret(value: string | null | undefined): string {
  if (!value) return '';
  return value.length <= 8 ? MASK : MASK + value.slice(-4);
}

/** Whether a value sent back is a mask (so the stored secret is kept; a mask is never stored). */
export function isMasked(sent: string): boolean {
  return sent.startsWith(MASK);
}

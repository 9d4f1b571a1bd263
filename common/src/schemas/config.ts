import './jitless.js';
import { z } from 'zod';
import { t } from '../i18n/index.js';
import { AD_PIXEL_ID_PATTERN } from '../ad-pixel.js';
import type { Market } from '../contract/content.js';
import { DEFAULT_MARKET, isMarket } from '../market.js';
import { DEFAULT_REJECTION_REASONS, rejectionReasonsOf } from '../rejection-reasons.js';

/** The demo's map style: MapTiler's streets (needs the configured token). */
export const DEFAULT_MAP_STYLE_URL = 'https://api.maptiler.com/maps/streets-v2/style.json?key={token}';

/** The secrets of the shop configuration: never public, masked for the back office. */
export const SECRET_KEYS = [
  'mollieApiKey',
  'datatransMerchantId',
  'datatransSign',
  'datatransPassword',
  'smsApiKey',
] as const;
export type SecretKey = (typeof SECRET_KEYS)[number];

/** Optional markdown (legal texts); the API cleans it on top (backend-only). */
const optionalMarkdown = () =>
  z
    .string()
    .max(200_000)
    .nullish()
    .transform((v) => v || null);

let currencies: Set<string> | undefined;
const isCurrency = (c: string) => (currencies ??= new Set(Intl.supportedValuesOf('currency'))).has(c);

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

/** A configured font's family (the API checks that it exists); empty: the system font. */
const fontFamily = () =>
  z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v ?? '');

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
    .refine(isCurrency, { message: t('validation.choice') }),
  /** Market profile (`DE` | `AT`): dialling code, time zone of new branches, VAT presets, words. */
  market: z
    .string()
    .trim()
    .toUpperCase()
    .default(DEFAULT_MARKET)
    .refine(isMarket, { message: t('validation.choice') })
    .transform((v) => v as Market),
  termsAndConditions: link(),
  termsAndConditionsText: optionalMarkdown(),
  privacyPolicy: link(),
  privacyPolicyText: optionalMarkdown(),
  imprint: link(),
  imprintText: optionalMarkdown(),
  allergens: link(),
  allergensText: optionalMarkdown(),
  withdrawalPolicy: link(),
  withdrawalPolicyText: optionalMarkdown(),
  enablePluginPWA: flag(false),
  enablePluginToolbar: flag(false),
  enablePluginMaps: flag(false),
  mapZoom: z.number().min(0).max(22).default(19),
  mapPitch: z.number().min(0).max(85).default(55),
  mapBearing: z.number().min(-180).max(180).default(-85),
  /** MapLibre style JSON; `{token}` stands for the access token (the API also checks the host). */
  mapStyleUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/i.test(v), { message: t('validation.url') })
    .nullish()
    .transform((v) => v || DEFAULT_MAP_STYLE_URL),
  mapAccessToken: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v ?? ''),
  /** The Meta Pixel's id; empty: no pixel, and the banner offers no marketing purpose. */
  adPixelId: z
    .string()
    .trim()
    .max(20)
    .refine((v) => v === '' || AD_PIXEL_ID_PATTERN.test(v), { message: t('validation.adPixelId') })
    .nullish()
    .transform((v) => v ?? ''),
  /** The family of the headings' font (`/api/fonts`, variant `regular`); '' the system font. */
  headingFont: fontFamily(),
  /** The family of the body text's font; '' the system font. */
  bodyFont: fontFamily(),
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
  /** Finished orders lose their personal data after this many months (DSGVO); null: off. */
  anonymiseOrdersAfterMonths: z
    .number()
    .int()
    .min(1)
    .max(240)
    .nullish()
    .transform((v) => v ?? null),
  /**
   * The preset reasons of a rejection, one per line (common/src/rejection-reasons.ts); missing: the defaults,
   * '' none (staff then write the reason).
   */
  rejectionReasons: z
    .string()
    .max(4000)
    .nullish()
    .transform((v) => (v == null ? DEFAULT_REJECTION_REASONS : rejectionReasonsOf(v)).join('\n')),
  title: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v ?? ''),
  description: z
    .string()
    .max(20_000)
    .nullish()
    .transform((v) => v ?? ''),
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

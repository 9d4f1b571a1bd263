import { t } from '@ordering/common';
import { DEFAULT_MAP_STYLE_URL, shopConfigInput as sharedShopConfigInput } from '@ordering/common/schemas';
import { z } from 'zod';
import { optionalMarkdown, optionalRichText } from '../core/rich-text.js';
import { isAllowedMapUrl } from '../serving/map-hosts.js';
import type { ShopConfig } from './shop-config.entity.js';

/**
 * The body of `POST /api/config`: the shared shape (common/src/schemas/config.ts) with the legal texts'
 * markdown and the description's HTML cleaned and the map style's host checked (backend-only).
 */
export const shopConfigInput = sharedShopConfigInput.extend({
  termsAndConditionsText: optionalMarkdown(),
  privacyPolicyText: optionalMarkdown(),
  imprintText: optionalMarkdown(),
  allergensText: optionalMarkdown(),
  withdrawalPolicyText: optionalMarkdown(),
  description: optionalRichText(20_000),
  // Only map hosts the Content-Security-Policy allows (serving/map-hosts.ts).
  mapStyleUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isAllowedMapUrl(v), { message: t('validation.mapHost') })
    .nullish()
    .transform((v) => v || DEFAULT_MAP_STYLE_URL),
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

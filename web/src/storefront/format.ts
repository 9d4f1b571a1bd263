import {
  calculationModelLabel,
  formatMoney,
  translator,
  unitLabel,
  type CalculationModel,
  type Cents,
  type Image,
  type TextLanguage,
  type UnitCode,
} from '@ordering/common';

/** Image sizes of the image route (`/image/{size}/{id}-{version}.{extension}`) with their box. */
export const IMAGE_BOXES = {
  tiny: { width: 64, height: 64 },
  small: { width: 320, height: 320 },
  medium: { width: 640, height: 640 },
  large: { width: 1280, height: 1280 },
  product: { width: 600, height: 600 },
  category: { width: 800, height: 450 },
} as const;

export type ImageSizeName = keyof typeof IMAGE_BOXES;

/** The URL of an image in a prepared size. */
export function imageUrl(image: Pick<Image, 'id' | 'version' | 'extension'>, size: ImageSizeName): string {
  return `/image/${size}/${image.id}-${image.version}.${image.extension}`;
}

/** A `srcset` of prepared sizes (widths of their boxes), for the browser to pick by `sizes` and density. */
export function imageSrcSet(
  image: Pick<Image, 'id' | 'version' | 'extension'>,
  sizes: readonly ImageSizeName[],
): string {
  return sizes.map((size) => `${imageUrl(image, size)} ${IMAGE_BOXES[size].width}w`).join(', ');
}

/** An amount as the German input shows it: `1.5` → `1,5`. */
export function formatAmount(amount: number): string {
  return String(amount).replace('.', ',');
}

/** `2 Stk.`, `12,5 m²` (English: `2 pc.`; numbers and money keep the shop's format). */
export function formatQuantity(amount: number, unit: UnitCode, language: TextLanguage = 'de'): string {
  return `${formatAmount(amount)}\u00a0${unitLabel(unit, language)}`;
}

/** A price with its calculation label: `ca. 21,90 €`, `ab 29,90 €`, `14,50 €`. */
export function formatPrice(
  cents: Cents,
  model: CalculationModel,
  currency: string,
  language: TextLanguage = 'de',
): string {
  const label = calculationModelLabel(model, language);
  return `${label ? `${label} ` : ''}${formatMoney(cents, currency)}`;
}

/** The price of a product on its card, or "Preis auf Anfrage" when hidden. */
export function productPriceText(
  cents: Cents,
  model: CalculationModel,
  unit: UnitCode,
  currency: string,
  isHidden: boolean,
  language: TextLanguage = 'de',
): string {
  if (isHidden) return translator(language)('cart.priceOnRequest');
  const price = formatPrice(cents, model, currency, language);
  return unit === 'piece' ? price : `${price} / ${unitLabel(unit, language)}`;
}

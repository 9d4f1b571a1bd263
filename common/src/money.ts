/**
 * Exact money: amounts are integer cents (`Cents`) in code and major units (`12.9`) only in JSON.
 * Sums of cents are exact; every division rounds once, half away from zero.
 *
 * @packageDocumentation
 */

/** An amount of money in integer cents (minor units). `1290` is 12,90 €. */
export type Cents = number;

/** The default currency code. */
export const DEFAULT_CURRENCY = 'EUR';

/** Non-breaking space (U+00A0), the separator between amount and currency sign in {@link formatMoney}. */
export const NBSP = '\u00a0';

/**
 * Currency signs as German shoppers read them after the amount ("12,50 €"). A code not listed here is
 * printed as its ISO code ("12,50 CHF"), which is also how German price lists write the franc.
 */
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { EUR: '€', USD: '$', GBP: '£' };

/** The sign {@link formatMoney} prints for an ISO currency code: `EUR` → `€`; unknown codes stay as they are. */
export function currencySymbol(currency: string): string {
  return CURRENCY_SYMBOLS[currency.toUpperCase()] ?? currency;
}

/**
 * Rounds to an integer, halves away from zero (2.5 → 3, -2.5 → -3). Binary noise below 1e-9 is removed
 * first, so `1.005 * 100` (100.49999999999999) counts as the half it means.
 */
export function roundHalfAwayFromZero(value: number): number {
  const cleaned = Math.round(value * 1e9) / 1e9;
  const rounded = Math.round(Math.abs(cleaned));
  const result = cleaned < 0 ? -rounded : rounded;
  return result === 0 ? 0 : result; // no -0
}

/**
 * Integer division `numerator / denominator`, rounded half away from zero, exactly (no floats involved as
 * long as both are safe integers). The denominator must be positive.
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(
      `divideRounded needs safe integers and a positive denominator: ${numerator}/${denominator}`,
    );
  }
  const sign = numerator < 0 ? -1 : 1;
  const abs = Math.abs(numerator);
  const quotient = Math.floor(abs / denominator);
  const remainder = abs - quotient * denominator;
  const result = sign * (2 * remainder >= denominator ? quotient + 1 : quotient);
  return result === 0 ? 0 : result;
}

/** Major units (JSON number, `12.9`) to cents (`1290`), rounded half away from zero. */
export function toCents(major: number): Cents {
  if (!Number.isFinite(major)) throw new RangeError(`Not a money amount: ${major}`);
  return roundHalfAwayFromZero(major * 100);
}

/** Cents to major units for JSON (`1290` → `12.9`). */
export function fromCents(cents: Cents): number {
  return cents / 100;
}

/** Sums cents exactly. */
export function sumCents(values: readonly Cents[]): Cents {
  return values.reduce((sum, value) => sum + value, 0);
}

/** Multiplies cents by a decimal factor (amount × ratio) and rounds half away from zero to whole cents. */
export function multiplyCents(cents: Cents, factor: number): Cents {
  return roundHalfAwayFromZero(cents * factor);
}

/** Options of {@link formatMoney}. */
export interface FormatMoneyOptions {
  /**
   * Separator between amount and currency sign. Default NBSP (U+00A0), as the German locale of `Intl` uses,
   * so the sign never wraps onto its own line. Pass `' '` for plain-text channels (SMS, receipt printers).
   */
  separator?: string;
  /**
   * `'symbol'` (default): the sign a shopper reads ("12,50 €"). `'code'`: the ISO code ("12,50 EUR"), for
   * exports whose readers expect the code as the unit (CSV).
   */
  unit?: 'symbol' | 'code';
}

/**
 * German money format of spec section 9: German grouping and decimal comma, always two decimals, then the
 * currency sign: `123456` → `1.234,56 €` (with NBSP before `€` by default). The spec writes the ISO code
 * ("1.234,56 EUR"); shoppers in Germany and Austria read "€" (issue 22, docs/decisions/legal.md). Written by
 * hand rather than with `Intl.NumberFormat` so browsers, Node versions and ICU builds all print the same bytes.
 */
export function formatMoney(
  cents: Cents,
  currency: string = DEFAULT_CURRENCY,
  options: FormatMoneyOptions = {},
): string {
  const unit = options.unit === 'code' ? currency : currencySymbol(currency);
  return `${formatDecimal(cents)}${options.separator ?? NBSP}${unit}`;
}

/** The number part of {@link formatMoney}: `123456` → `1.234,56`, `-5` → `-0,05`. */
export function formatDecimal(cents: Cents): string {
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const whole = Math.floor(abs / 100).toString();
  const fraction = (abs % 100).toString().padStart(2, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${rounded < 0 ? '-' : ''}${grouped},${fraction}`;
}

/**
 * Parses a German or plain money input (`"12,90"`, `"1.234,56"`, `"12.9"`) to cents; `null` when it is not a
 * number. A single dot followed by 1-2 digits is read as a decimal point, other dots as grouping.
 */
export function parseMoney(input: string): Cents | null {
  const text = input.trim().replace(/\s|EUR|€/g, '');
  if (text === '') return null;
  let normalised: string;
  if (text.includes(',')) normalised = text.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d+\.\d{1,2}$/.test(text)) normalised = text;
  else normalised = text.replace(/\./g, '');
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return null;
  return toCents(Number(normalised));
}

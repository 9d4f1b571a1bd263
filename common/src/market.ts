/**
 * Market profiles: what a shop in Germany or Austria would otherwise set by hand — dialling code, time
 * zone, VAT presets and the words shoppers and staff of that country expect. The shop configuration's
 * `market` (`DE` | `AT`, default `DE`) picks one (docs/decisions/legal.md).
 *
 * @packageDocumentation
 */
import { MARKETS, type Market } from './contract/content.js';
import type { PaymentMethod } from './contract/order.js';
import { t } from './i18n/de.js';

/** A new shop is German unless it says otherwise. */
export const DEFAULT_MARKET: Market = 'DE';

/** The defaults and words of one market. */
export interface MarketProfile {
  market: Market;
  /** Name of the country, for the configuration screen. */
  country: string;
  /** Country calling code without plus, for national numbers (`030 …` → `+49 30 …`); also the SMS default. */
  phoneCountryCode: string;
  /** A phone number as shoppers should type it (the checkout's hint). */
  phoneExample: string;
  /** IANA time zone of a new branch. */
  timeZone: string;
  /** VAT rates in percent offered in the product form, the standard rate last. */
  vatRates: readonly number[];
  /** The debit card as a payment method. */
  atmCardLabel: string;
  /** The till ("an der Kasse zahlen"). */
  cashDesk: string;
  /** The address line between floor and door. */
  stairway: string;
  /** The staff absence for illness. */
  sickLeave: string;
}

const PROFILES: Record<Market, MarketProfile> = {
  DE: {
    market: 'DE',
    country: 'Deutschland',
    phoneCountryCode: '49',
    phoneExample: '+49 151 23456789',
    timeZone: 'Europe/Berlin',
    vatRates: [7, 19],
    atmCardLabel: 'EC-Karte / Girocard',
    cashDesk: 'Kasse',
    stairway: 'Treppenhaus',
    sickLeave: 'Krankmeldung',
  },
  AT: {
    market: 'AT',
    country: 'Österreich',
    phoneCountryCode: '43',
    phoneExample: '+43 664 1234567',
    timeZone: 'Europe/Vienna',
    vatRates: [10, 13, 20],
    atmCardLabel: 'Bankomatkarte',
    cashDesk: 'Kassa',
    stairway: 'Stiege',
    sickLeave: 'Krankenstand',
  },
};

/**
 * The label of a payment method in a market: the debit card is "EC-Karte / Girocard" in Germany and
 * "Bankomatkarte" in Austria; the others are the catalogue's (`paymentMethod.*`).
 */
export function paymentMethodLabel(method: PaymentMethod, market: MarketProfile): string {
  return method === 'atm-card' ? market.atmCardLabel : t(`paymentMethod.${method}`);
}

/**
 * The VAT rate a new product starts with: the market's standard rate (the last preset, DE 19, AT 20). A
 * reduced rate needs a reason the shop knows (food, books …); the form offers it one click away.
 */
export function defaultVatRate(market: MarketProfile): number {
  return market.vatRates[market.vatRates.length - 1]!;
}

/** Whether a value is a known market code. */
export function isMarket(value: unknown): value is Market {
  return typeof value === 'string' && (MARKETS as readonly string[]).includes(value);
}

/** The profile of a market; an unknown or missing market is the default ({@link DEFAULT_MARKET}). */
export function marketProfile(market: string | null | undefined): MarketProfile {
  return PROFILES[isMarket(market) ? market : DEFAULT_MARKET];
}

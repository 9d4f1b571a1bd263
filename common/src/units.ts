/**
 * Units, their types and factors (spec sections 3 and 9), and conversion within a type.
 *
 * @packageDocumentation
 */
import { UNIT_CODES, type UnitCode, type UnitType } from './contract/catalog.js';
import type { TextLanguage } from './i18n/en.js';

/** Definition of one unit: its type, its factor relative to the type's smallest unit, its German label. */
export interface UnitDefinition {
  /** The unit type; conversion is only possible within it. */
  type: UnitType;
  /** Size relative to the smallest unit of the type (g, ml, mm, mm², mm³; 1 for the count types). */
  factor: number;
  /** Short German label (`Stk.`, `kg`, `m²` …). */
  label: string;
  /** English label where it differs (the kiosk's English face). */
  labelEn?: string;
}

/** Every unit with type, factor and label. */
export const UNITS: Readonly<Record<UnitCode, UnitDefinition>> = {
  piece: { type: 'amount', factor: 1, label: 'Stk.', labelEn: 'pc.' },
  serving: { type: 'serving', factor: 1, label: 'Portion', labelEn: 'serving' },
  pair: { type: 'pair', factor: 1, label: 'Paar', labelEn: 'pair' },
  person: { type: 'person', factor: 1, label: 'Person', labelEn: 'person' },
  g: { type: 'weight', factor: 1, label: 'g' },
  dag: { type: 'weight', factor: 10, label: 'dag' },
  kg: { type: 'weight', factor: 1000, label: 'kg' },
  ml: { type: 'volume', factor: 1, label: 'ml' },
  cl: { type: 'volume', factor: 10, label: 'cl' },
  dl: { type: 'volume', factor: 100, label: 'dl' },
  l: { type: 'volume', factor: 1000, label: 'l' },
  mm: { type: 'length', factor: 1, label: 'mm' },
  cm: { type: 'length', factor: 10, label: 'cm' },
  dm: { type: 'length', factor: 100, label: 'dm' },
  m: { type: 'length', factor: 1000, label: 'm' },
  km: { type: 'length', factor: 1e6, label: 'km' },
  mm2: { type: 'square', factor: 1, label: 'mm²' },
  cm2: { type: 'square', factor: 100, label: 'cm²' },
  dm2: { type: 'square', factor: 1e4, label: 'dm²' },
  m2: { type: 'square', factor: 1e6, label: 'm²' },
  mm3: { type: 'cubic', factor: 1, label: 'mm³' },
  cm3: { type: 'cubic', factor: 1e3, label: 'cm³' },
  dm3: { type: 'cubic', factor: 1e6, label: 'dm³' },
  m3: { type: 'cubic', factor: 1e9, label: 'm³' },
};

/** Whether a string is a known unit code. */
export function isUnitCode(value: unknown): value is UnitCode {
  return typeof value === 'string' && (UNIT_CODES as readonly string[]).includes(value);
}

/** The type of a unit. */
export function unitType(unit: UnitCode): UnitType {
  return UNITS[unit].type;
}

/** The short label of a unit (`Stk.`, `m²`; English `pc.`). */
export function unitLabel(unit: UnitCode, language: TextLanguage = 'de'): string {
  return (language === 'en' ? UNITS[unit].labelEn : undefined) ?? UNITS[unit].label;
}

/** Whether two units convert into each other (same type). */
export function areConvertible(a: UnitCode, b: UnitCode): boolean {
  return unitType(a) === unitType(b);
}

/** Rounds away binary noise of unit arithmetic (9 decimals are far below any real quantity step). */
export function cleanDecimal(value: number): number {
  const result = Math.round(value * 1e9) / 1e9;
  return result === 0 ? 0 : result;
}

/**
 * Converts an amount between two units of the same type: `convertUnit(1.5, 'kg', 'g')` → `1500`.
 * Throws a RangeError for units of different types.
 */
export function convertUnit(amount: number, from: UnitCode, to: UnitCode): number {
  if (!areConvertible(from, to)) throw new RangeError(`Cannot convert ${from} to ${to}`);
  return cleanDecimal((amount * UNITS[from].factor) / UNITS[to].factor);
}

/** Units whose items count by their amount in the cart count (piece, pair, person); others count 1. */
export const COUNT_BY_AMOUNT_TYPES: readonly UnitType[] = ['amount', 'pair', 'person'];

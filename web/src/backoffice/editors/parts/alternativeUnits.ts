import { t, UNIT_CODES, type AlternativeUnit, type UnitCode } from '@ordering/common';

export const SAME_AS_PRODUCT_UNIT = 'Diese Einheit ist schon die Einheit des Produkts.';
export const MAX_BELOW_MIN = 'Das Maximum darf nicht kleiner als das Minimum sein.';

/** A new alternative unit: the first unit not yet used, ratio 1, the product's calculation model. */
export function newAlternativeUnit(productUnit: UnitCode, used: readonly AlternativeUnit[]): AlternativeUnit {
  const taken = new Set<UnitCode>([productUnit, ...used.map((u) => u.unit)]);
  const unit = UNIT_CODES.find((code) => !taken.has(code)) ?? 'piece';
  return {
    unit,
    ratio: 1,
    calculationModel: 'fixed',
    minimumQuantity: null,
    maximumQuantity: null,
    quantityStepSize: null,
  };
}

/** Problems keyed relative to `alternativeUnits` (`[0].ratio`), German catalogue texts. */
export function validateAlternativeUnits(
  units: readonly AlternativeUnit[],
  productUnit: UnitCode | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  units.forEach((u, i) => {
    if (!UNIT_CODES.includes(u.unit)) errors[`[${i}].unit`] = t('validation.choice');
    else if (u.unit === productUnit) errors[`[${i}].unit`] = SAME_AS_PRODUCT_UNIT;
    else if (seen.has(u.unit)) errors[`[${i}].unit`] = t('validation.unique');
    seen.add(u.unit);
    if (!(u.ratio > 0)) errors[`[${i}].ratio`] = t('validation.positive');
    for (const field of ['minimumQuantity', 'maximumQuantity', 'quantityStepSize'] as const) {
      const value = u[field];
      if (value !== null && value !== undefined && !(value > 0))
        errors[`[${i}].${field}`] = t('validation.positive');
    }
    if (
      typeof u.minimumQuantity === 'number' &&
      typeof u.maximumQuantity === 'number' &&
      u.maximumQuantity < u.minimumQuantity &&
      !errors[`[${i}].maximumQuantity`]
    )
      errors[`[${i}].maximumQuantity`] = MAX_BELOW_MIN;
  });
  return errors;
}

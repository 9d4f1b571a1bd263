import {
  CALCULATION_MODELS,
  UNIT_CODES,
  unitLabel,
  type AlternativeUnit,
  type CalculationModel,
  type UnitCode,
} from '@ordering/common';
import { useId, useMemo } from 'react';
import { FieldError } from '../FieldError';
import { moveItem, SortableList } from '../SortableList';
import type { CustomEditorProps } from '../types';
import { newAlternativeUnit, validateAlternativeUnits } from './alternativeUnits';
import { pricePreview, type PreviewProduct } from './productParts';

export const CALCULATION_MODEL_LABELS: Readonly<Record<CalculationModel, string>> = {
  fixed: 'Fixpreis',
  approximate: 'Circa-Preis (ca.)',
  minimum: 'Ab-Preis (ab)',
};

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/**
 * The other units a product is sold in (e.g. a pallet of a product priced per m²): unit, how many product
 * units one is, its calculation model and quantity rules; with the resulting price per unit from common.
 */
export function AlternativeUnitsEditor(props: CustomEditorProps<AlternativeUnit[] | null | undefined>) {
  const units = props.value ?? [];
  const id = useId();
  const productUnit = props.entity.unit as UnitCode | undefined;
  const errors = {
    ...useMemo(() => validateAlternativeUnits(units, productUnit), [units, productUnit]),
    ...props.errors,
  };
  const change = (next: AlternativeUnit[]) => props.onChange(next);
  const update = (i: number, patch: Partial<AlternativeUnit>) =>
    change(units.map((u, j) => (j === i ? { ...u, ...patch } : u)));
  const product = props.entity as unknown as PreviewProduct;
  const preview = productUnit ? pricePreview({ ...product, alternativeUnits: units }, {}) : [];
  const quantity = (
    i: number,
    field: 'minimumQuantity' | 'maximumQuantity' | 'quantityStepSize',
    label: string,
  ) => (
    <label className="ed-field ed-field--short">
      <span>{label}</span>
      <input
        inputMode="decimal"
        value={units[i]![field] ?? ''}
        aria-invalid={!!errors[`[${i}].${field}`]}
        onChange={(e) => update(i, { [field]: numberOrNull(e.target.value) })}
      />
      <FieldError message={errors[`[${i}].${field}`]} />
    </label>
  );

  return (
    <fieldset className="ed-editor ed-units" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      <FieldError message={errors['']} />
      <SortableList
        id={`${id}-unit`}
        items={units}
        onMove={(from, to) => change(moveItem(units, from, to))}
        handleLabel={(i) => `Einheit ${i + 1} verschieben`}
        renderItem={(u, i, handle) => (
          <div className="ed-row" data-unit={i}>
            {handle}
            <label className="ed-field">
              <span>Einheit</span>
              <select
                value={u.unit}
                aria-invalid={!!errors[`[${i}].unit`]}
                onChange={(e) => update(i, { unit: e.target.value as UnitCode })}
              >
                {UNIT_CODES.map((code) => (
                  <option key={code} value={code}>
                    {unitLabel(code)}
                  </option>
                ))}
              </select>
              <FieldError message={errors[`[${i}].unit`]} />
            </label>
            <label className="ed-field ed-field--short">
              <span>= {productUnit ? unitLabel(productUnit) : 'Produkteinheiten'}</span>
              <input
                inputMode="decimal"
                value={u.ratio}
                aria-invalid={!!errors[`[${i}].ratio`]}
                onChange={(e) => update(i, { ratio: numberOrNull(e.target.value) ?? 0 })}
              />
              <FieldError message={errors[`[${i}].ratio`]} />
            </label>
            <label className="ed-field">
              <span>Preisangabe</span>
              <select
                value={u.calculationModel}
                onChange={(e) => update(i, { calculationModel: e.target.value as CalculationModel })}
              >
                {CALCULATION_MODELS.map((model) => (
                  <option key={model} value={model}>
                    {CALCULATION_MODEL_LABELS[model]}
                  </option>
                ))}
              </select>
            </label>
            {quantity(i, 'minimumQuantity', 'Minimum')}
            {quantity(i, 'maximumQuantity', 'Maximum')}
            {quantity(i, 'quantityStepSize', 'Schrittweite')}
            <button
              type="button"
              className="button button--ghost ed-remove"
              onClick={() => change(units.filter((_, j) => j !== i))}
              aria-label={`Einheit ${i + 1} entfernen`}
            >
              Entfernen
            </button>
          </div>
        )}
      />
      <button
        type="button"
        className="button button--ghost ed-add"
        onClick={() => change([...units, newAlternativeUnit(productUnit ?? 'piece', units)])}
      >
        Einheit hinzufügen
      </button>
      {preview.length > 0 && (
        <ul className="ed-summary" aria-label="Preise je Einheit">
          {preview.map((line) => (
            <li key={line.unit}>{line.text}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

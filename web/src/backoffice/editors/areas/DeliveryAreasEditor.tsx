import { useId, useMemo } from 'react';
import { FieldError } from '../FieldError';
import { MoneyInput } from '../MoneyInput';
import { moveItem, SortableList } from '../SortableList';
import type { CustomEditorProps } from '../types';
import { areaSummary, newArea, validateAreas, type EditedArea } from './deliveryAreas';

/**
 * A branch's delivery areas: name, fee and its tax, always free, free from an order value, minimum order
 * value; in the order the checkout offers them (the first is preselected), reordered by drag or keyboard.
 */
export function DeliveryAreasEditor(props: CustomEditorProps<EditedArea[] | null | undefined>) {
  const areas = props.value ?? [];
  const id = useId();
  const errors = { ...useMemo(() => validateAreas(areas), [areas]), ...props.errors };
  const change = (next: EditedArea[]) => props.onChange(next);
  const update = (index: number, patch: Partial<EditedArea>) =>
    change(areas.map((area, i) => (i === index ? { ...area, ...patch } : area)));

  return (
    <fieldset className="ed-editor ed-areas" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      <FieldError message={errors['']} />
      {areas.length === 0 ? (
        <p className="ed-empty">Noch kein Liefergebiet: Lieferung ist erst mit einem Liefergebiet möglich.</p>
      ) : (
        <SortableList
          id={`${id}-area`}
          items={areas}
          onMove={(from, to) => change(moveItem(areas, from, to))}
          handleLabel={(i) => `Liefergebiet ${i + 1} verschieben`}
          renderItem={(area, i, handle) => (
            <div className="ed-card" data-area={i}>
              <div className="ed-row">
                {handle}
                <label className="ed-field ed-field--grow">
                  <span>Gebiet</span>
                  <input
                    value={area.area}
                    maxLength={200}
                    aria-invalid={!!errors[`[${i}].area`]}
                    onChange={(e) => update(i, { area: e.target.value })}
                    placeholder="z. B. 1060 Mariahilf"
                  />
                  <FieldError message={errors[`[${i}].area`]} />
                </label>
                <label className="ed-field ed-field--money">
                  <span>Liefergebühr (brutto)</span>
                  <MoneyInput
                    value={area.price}
                    invalid={!!errors[`[${i}].price`]}
                    onChange={(v) => update(i, { price: v ?? 0 })}
                  />
                  <FieldError message={errors[`[${i}].price`]} />
                </label>
                <label className="ed-field ed-field--short">
                  <span>Steuer %</span>
                  <input
                    type="number"
                    min={0}
                    max={100}
                    step="0.1"
                    value={area.tax}
                    aria-invalid={!!errors[`[${i}].tax`]}
                    onChange={(e) => update(i, { tax: e.target.value === '' ? 0 : Number(e.target.value) })}
                  />
                  <FieldError message={errors[`[${i}].tax`]} />
                </label>
                <button
                  type="button"
                  className="button button--ghost ed-remove"
                  onClick={() => change(areas.filter((_, j) => j !== i))}
                  aria-label={`Liefergebiet ${i + 1} entfernen`}
                >
                  Entfernen
                </button>
              </div>
              <div className="ed-row ed-row--indent">
                <label className="ed-check">
                  <input
                    type="checkbox"
                    checked={area.free}
                    onChange={(e) => update(i, { free: e.target.checked })}
                  />
                  <span>Immer kostenlos</span>
                </label>
                <label className="ed-field ed-field--money">
                  <span>Kostenlos ab Warenwert</span>
                  <MoneyInput
                    nullable
                    value={area.freeFromOrderValue}
                    invalid={!!errors[`[${i}].freeFromOrderValue`]}
                    onChange={(v) => update(i, { freeFromOrderValue: v })}
                  />
                  <FieldError message={errors[`[${i}].freeFromOrderValue`]} />
                </label>
                <label className="ed-field ed-field--money">
                  <span>Mindestbestellwert</span>
                  <MoneyInput
                    nullable
                    value={area.minimumOrderValue}
                    invalid={!!errors[`[${i}].minimumOrderValue`]}
                    onChange={(v) => update(i, { minimumOrderValue: v })}
                  />
                  <FieldError message={errors[`[${i}].minimumOrderValue`]} />
                </label>
              </div>
              <p className="ed-summary">{areaSummary(area)}</p>
            </div>
          )}
        />
      )}
      <button
        type="button"
        className="button button--ghost ed-add"
        onClick={() => change([...areas, newArea(areas.at(-1))])}
      >
        Liefergebiet hinzufügen
      </button>
    </fieldset>
  );
}

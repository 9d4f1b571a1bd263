import { useId, useMemo, useState } from 'react';
import { FieldError } from '../FieldError';
import { MoneyInput } from '../MoneyInput';
import { moveItem, SortableList } from '../SortableList';
import type { CustomEditorProps } from '../types';
import {
  areaSummary,
  newArea,
  polygonText,
  validateAreas,
  type EditedArea,
  type LngLat,
} from './deliveryAreas';
import { PolygonDrawer } from './PolygonDrawer';

/**
 * A branch's delivery areas: name, fee and its tax, always free, free from an order value, minimum order
 * value, and where it is: postcodes and ranges, a radius around the branch, a polygon drawn on the map or
 * pasted as GeoJSON. An address gets the first area it lies in, so the order matters; reordered by drag or
 * keyboard.
 */
export function DeliveryAreasEditor(props: CustomEditorProps<EditedArea[] | null | undefined>) {
  const areas = props.value ?? [];
  const id = useId();
  const errors = { ...useMemo(() => validateAreas(areas), [areas]), ...props.errors };
  const change = (next: EditedArea[]) => props.onChange(next);
  const update = (index: number, patch: Partial<EditedArea>) =>
    change(areas.map((area, i) => (i === index ? { ...area, ...patch } : area)));
  // The area whose drawing tool is open (one at a time: one map).
  const [drawing, setDrawing] = useState<number | null>(null);
  const branch = branchPoint(props.entity);

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
              <div className="ed-row ed-row--indent">
                <label className="ed-field ed-field--grow">
                  <span>Postleitzahlen</span>
                  <input
                    value={area.postcodes ?? ''}
                    maxLength={2000}
                    inputMode="numeric"
                    aria-invalid={!!errors[`[${i}].postcodes`]}
                    onChange={(e) => update(i, { postcodes: e.target.value })}
                    placeholder="z. B. 1070, 1080-1090"
                  />
                  <FieldError message={errors[`[${i}].postcodes`]} />
                </label>
                <label className="ed-field ed-field--short">
                  <span>Umkreis km</span>
                  <input
                    type="number"
                    min={0}
                    max={500}
                    step="0.1"
                    value={area.radiusKm ?? ''}
                    aria-invalid={!!errors[`[${i}].radiusKm`]}
                    onChange={(e) =>
                      update(i, { radiusKm: e.target.value === '' ? null : Number(e.target.value) })
                    }
                  />
                  <FieldError message={errors[`[${i}].radiusKm`]} />
                </label>
              </div>
              <div className="ed-row ed-row--indent">
                <label className="ed-field ed-field--grow">
                  <span>Polygon (GeoJSON, optional)</span>
                  <textarea
                    rows={2}
                    value={polygonText(area.polygon)}
                    aria-invalid={!!errors[`[${i}].polygon`]}
                    onChange={(e) => update(i, { polygon: e.target.value })}
                    placeholder='{"type": "Polygon", "coordinates": [[[16.33, 48.19], …]]}'
                    spellCheck={false}
                  />
                  <FieldError message={errors[`[${i}].polygon`]} />
                </label>
                {drawing !== i && (
                  <button
                    type="button"
                    className="button button--ghost ed-areas__draw"
                    onClick={() => setDrawing(i)}
                    aria-label={`Liefergebiet ${i + 1} auf der Karte zeichnen`}
                  >
                    Auf der Karte zeichnen
                  </button>
                )}
              </div>
              {drawing === i && (
                <PolygonDrawer
                  polygon={area.polygon}
                  branch={branch}
                  areaName={area.area}
                  onApply={(polygon) => {
                    update(i, { polygon });
                    setDrawing(null);
                  }}
                  onClose={() => setDrawing(null)}
                />
              )}
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

/** The branch's position from the form (`[longitude, latitude]`), when both are numbers. */
function branchPoint(entity: Readonly<Record<string, unknown>>): LngLat | null {
  const latitude = Number(entity.latitude);
  const longitude = Number(entity.longitude);
  return entity.latitude != null &&
    entity.longitude != null &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude)
    ? [longitude, latitude]
    : null;
}

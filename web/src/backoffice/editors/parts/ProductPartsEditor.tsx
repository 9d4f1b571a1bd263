import {
  PART_TYPES,
  PRICE_MODIFIERS,
  type ConfigurablePart,
  type PartType,
  type PriceModifier,
} from '@ordering/common';
import { useId, useMemo, useState } from 'react';
import { FieldError } from '../FieldError';
import { MoneyInput } from '../MoneyInput';
import { moveItem, SortableList } from '../SortableList';
import type { CustomEditorProps } from '../types';
import {
  hasOptions,
  MODIFIER_LABELS,
  newOption,
  newPart,
  PART_TYPE_LABELS,
  pricePreview,
  updateOption,
  updatePart,
  validateParts,
  type PreviewProduct,
  type PreviewSelection,
} from './productParts';

type Config = { parts: ConfigurablePart[] } | null | undefined;

/** Server errors of `config.parts[0].name` arrive as `parts[0].name` (or `.parts…`): keyed like ours. */
function partErrors(errors: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [key.replace(/^\.?parts/, ''), message]),
  );
}

/**
 * A configurable product's parts (choices, texts, uploads) and their options with price modifiers, both
 * reordered by drag or keyboard; beside them a live price preview of the chosen options, priced by common
 * exactly as the storefront and the server price the cart.
 */
export function ProductPartsEditor(props: CustomEditorProps<Config>) {
  const parts = props.value?.parts ?? [];
  const id = useId();
  const errors = { ...useMemo(() => validateParts(parts), [parts]), ...partErrors(props.errors) };
  const [selection, setSelection] = useState<PreviewSelection>({});
  const change = (next: ConfigurablePart[]) => props.onChange({ ...(props.value ?? {}), parts: next });
  const product = props.entity as unknown as PreviewProduct;
  const preview = pricePreview({ ...product, config: { parts } }, selection);

  function choose(partIndex: number, optionIndex: number, single: boolean, on: boolean) {
    const current = selection[partIndex] ?? [];
    const next = single
      ? [optionIndex]
      : on
        ? [...current, optionIndex]
        : current.filter((j) => j !== optionIndex);
    setSelection({ ...selection, [partIndex]: next });
  }

  return (
    <fieldset className="ed-editor ed-parts" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      <FieldError message={errors['']} />
      <div className="ed-parts__layout">
        <div className="ed-parts__list">
          {parts.length === 0 && (
            <p className="ed-empty">Keine Teile: das Produkt wird ohne Auswahl bestellt.</p>
          )}
          <SortableList
            id={`${id}-part`}
            items={parts}
            onMove={(from, to) => {
              change(moveItem(parts, from, to));
              setSelection({});
            }}
            handleLabel={(i) => `Teil ${i + 1} verschieben`}
            renderItem={(part, i, handle) => (
              <div className="ed-card" data-part={i}>
                <div className="ed-row">
                  {handle}
                  <label className="ed-field ed-field--grow">
                    <span>Name des Teils</span>
                    <input
                      value={part.name}
                      maxLength={200}
                      aria-invalid={!!errors[`[${i}].name`]}
                      onChange={(e) => change(updatePart(parts, i, { name: e.target.value }))}
                      placeholder="z. B. Beilagen"
                    />
                    <FieldError message={errors[`[${i}].name`]} />
                  </label>
                  <label className="ed-field">
                    <span>Art</span>
                    <select
                      value={part.type}
                      onChange={(e) => change(updatePart(parts, i, { type: e.target.value as PartType }))}
                    >
                      {PART_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {PART_TYPE_LABELS[type]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className="ed-check">
                    <input
                      type="checkbox"
                      checked={part.optional}
                      onChange={(e) => change(updatePart(parts, i, { optional: e.target.checked }))}
                    />
                    <span>Optional</span>
                  </label>
                  <button
                    type="button"
                    className="button button--ghost ed-remove"
                    onClick={() => {
                      change(parts.filter((_, j) => j !== i));
                      setSelection({});
                    }}
                    aria-label={`Teil ${i + 1} entfernen`}
                  >
                    Entfernen
                  </button>
                </div>
                {part.type === 'multiselect' && (
                  <div
                    className="ed-row ed-row--indent"
                    role="group"
                    aria-label={`Anzahl bei ${part.name || `Teil ${i + 1}`}`}
                  >
                    {(['minChoices', 'maxChoices'] as const).map((key) => (
                      <label key={key} className="ed-field ed-field--count">
                        <span>{key === 'minChoices' ? 'Mindestens wählen' : 'Höchstens wählen'}</span>
                        <input
                          type="number"
                          inputMode="numeric"
                          min={key === 'minChoices' ? 0 : 1}
                          max={200}
                          value={part[key] ?? ''}
                          placeholder={key === 'minChoices' ? (part.optional ? '0' : '1') : 'beliebig'}
                          aria-invalid={!!errors[`[${i}].${key}`]}
                          onChange={(e) =>
                            change(
                              updatePart(parts, i, {
                                [key]: e.target.value === '' ? null : Math.trunc(Number(e.target.value)),
                              }),
                            )
                          }
                        />
                        <FieldError message={errors[`[${i}].${key}`]} />
                      </label>
                    ))}
                  </div>
                )}
                <label className="ed-field ed-row--indent">
                  <span>Beschreibung</span>
                  <input
                    value={part.description ?? ''}
                    maxLength={2000}
                    onChange={(e) => change(updatePart(parts, i, { description: e.target.value }))}
                  />
                </label>
                {hasOptions(part.type) && (
                  <div
                    className="ed-options ed-row--indent"
                    aria-label={`Optionen von ${part.name || `Teil ${i + 1}`}`}
                  >
                    <FieldError message={errors[`[${i}].options`]} />
                    <SortableList
                      id={`${id}-part${i}-option`}
                      items={part.options}
                      onMove={(from, to) =>
                        change(updatePart(parts, i, { options: moveItem(part.options, from, to) }))
                      }
                      handleLabel={(j) => `Option ${j + 1} von Teil ${i + 1} verschieben`}
                      renderItem={(option, j, optionHandle) => (
                        <div className="ed-row" data-option={j}>
                          {optionHandle}
                          <label className="ed-field ed-field--grow">
                            <span>Option</span>
                            <input
                              value={option.name}
                              maxLength={200}
                              aria-invalid={!!errors[`[${i}].options[${j}].name`]}
                              onChange={(e) => change(updateOption(parts, i, j, { name: e.target.value }))}
                            />
                            <FieldError message={errors[`[${i}].options[${j}].name`]} />
                          </label>
                          <label className="ed-field">
                            <span>Preiswirkung</span>
                            <select
                              value={option.modifier}
                              onChange={(e) =>
                                change(
                                  updateOption(parts, i, j, { modifier: e.target.value as PriceModifier }),
                                )
                              }
                            >
                              {PRICE_MODIFIERS.map((modifier) => (
                                <option key={modifier} value={modifier}>
                                  {MODIFIER_LABELS[modifier]}
                                </option>
                              ))}
                            </select>
                          </label>
                          <label className="ed-field ed-field--money">
                            <span>Betrag</span>
                            <MoneyInput
                              value={option.value}
                              invalid={!!errors[`[${i}].options[${j}].value`]}
                              onChange={(v) => change(updateOption(parts, i, j, { value: v ?? 0 }))}
                            />
                            <FieldError message={errors[`[${i}].options[${j}].value`]} />
                          </label>
                          <button
                            type="button"
                            className="button button--ghost ed-remove"
                            onClick={() => {
                              change(updateOption(parts, i, j, null));
                              setSelection({});
                            }}
                            aria-label={`Option ${j + 1} von Teil ${i + 1} entfernen`}
                          >
                            Entfernen
                          </button>
                        </div>
                      )}
                    />
                    <button
                      type="button"
                      className="button button--ghost ed-add"
                      onClick={() =>
                        change(updatePart(parts, i, { options: [...part.options, newOption()] }))
                      }
                    >
                      Option hinzufügen
                    </button>
                  </div>
                )}
              </div>
            )}
          />
          <button
            type="button"
            className="button button--ghost ed-add"
            onClick={() => change([...parts, newPart()])}
          >
            Teil hinzufügen
          </button>
        </div>
        <aside className="ed-preview ed-parts__preview" aria-label="Preisvorschau">
          <h3>Preisvorschau</h3>
          {parts.map((part, i) =>
            hasOptions(part.type) && part.options.length > 0 ? (
              <fieldset key={i} className="ed-preview__part">
                <legend>{part.name || `Teil ${i + 1}`}</legend>
                {part.options.map((option, j) => (
                  <label key={j} className="ed-check">
                    <input
                      type={part.type === 'select' ? 'radio' : 'checkbox'}
                      name={`${id}-preview-${i}`}
                      checked={(selection[i] ?? []).includes(j)}
                      onChange={(e) => choose(i, j, part.type === 'select', e.target.checked)}
                    />
                    <span>{option.name || `Option ${j + 1}`}</span>
                  </label>
                ))}
              </fieldset>
            ) : null,
          )}
          <ul className="ed-preview__prices" aria-live="polite">
            {preview.map((line) => (
              <li key={line.unit} data-preview-unit={line.unit}>
                {line.text}
              </li>
            ))}
          </ul>
          <p className="ed-hint">So berechnet der Shop den Preis pro Einheit mit den gewählten Optionen.</p>
        </aside>
      </div>
    </fieldset>
  );
}

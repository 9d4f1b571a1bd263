import {
  entityFailureMessage,
  PART_TYPES,
  PRICE_MODIFIERS,
  type ConfigurablePart,
  type OptionGroup,
  type PartOption,
  type PartType,
  type PriceModifier,
} from '@ordering/common';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useStores } from '../../stores';
import { FieldError } from '../FieldError';
import { MoneyInput } from '../MoneyInput';
import { moveItem, SortableList } from '../SortableList';
import type { CustomEditorProps } from '../types';
import {
  hasOptions,
  linkedPart,
  linkLabel,
  MODIFIER_LABELS,
  newOption,
  newPart,
  PART_TYPE_LABELS,
  pricePreview,
  unlinkPart,
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
 * exactly as the storefront and the server price the cart. "Vorlage einfügen" adds a part linked to a
 * shared option group: it shows the group's content read-only until "Verknüpfung lösen".
 */
export function ProductPartsEditor(props: CustomEditorProps<Config>) {
  const groups = useOptionGroups();
  return <PartsEditor {...props} groups={groups} />;
}

/**
 * The one part of a shared option group ("Optionsvorlage"), in the same editor as a product's parts: no
 * list around it, no price preview (a group has no price of its own). Server errors arrive relative to
 * `part` (`options[0].name`) and are keyed as the first part's.
 */
export function OptionGroupPartEditor(props: CustomEditorProps<ConfigurablePart | null | undefined>) {
  const part = props.value ?? newPart();
  const errors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(props.errors).map(([key, message]) => [key === '' ? '' : `[0].${key}`, message]),
      ),
    [props.errors],
  );
  return (
    <PartsEditor
      value={{ parts: [part] }}
      onChange={(value) => props.onChange(value?.parts[0] ?? part)}
      errors={errors}
      entity={props.entity}
      id={props.id}
      disabled={props.disabled}
      label={props.label}
      single
    />
  );
}

/** The shop's option groups for "Vorlage einfügen" (null while loading). */
function useOptionGroups(): OptionGroup[] | null {
  const root = useStores();
  const [groups, setGroups] = useState<OptionGroup[] | null>(null);
  useEffect(() => {
    let live = true;
    const load = async (): Promise<void> => {
      const result = await root.errors.run(
        entityFailureMessage('option-groups', 'load'),
        () => root.api.get<OptionGroup[]>('/api/option-groups?limit=1000&sort=name'),
        { retry: () => load() },
      );
      if (result && live) setGroups(result);
    };
    void load();
    return () => {
      live = false;
    };
  }, [root]);
  return groups;
}

/**
 * The parts editor itself, without loading anything: {@link ProductPartsEditor} hands it the option
 * groups, {@link OptionGroupPartEditor} its one part.
 */
export function PartsEditor(
  props: CustomEditorProps<Config> & {
    /** One part only (an option group's): no handle, no removing or adding, no preview. */
    single?: boolean;
    /** The option groups a part may be linked to (product parts only). */
    groups?: OptionGroup[] | null;
  },
) {
  const parts = props.value?.parts ?? [];
  const groups = props.groups ?? [];
  const id = useId();
  const errors = { ...useMemo(() => validateParts(parts), [parts]), ...partErrors(props.errors) };
  const [selection, setSelection] = useState<PreviewSelection>({});
  const [template, setTemplate] = useState('');
  const change = (next: ConfigurablePart[]) => props.onChange({ ...(props.value ?? {}), parts: next });
  const product = props.entity as unknown as PreviewProduct;
  // A group has no price of its own: no preview (and no product fields to price with).
  const preview = props.single ? [] : pricePreview({ ...product, config: { parts } }, selection);
  const chosenGroup = groups.find((g) => g.uid === template) ?? groups[0];

  function choose(partIndex: number, optionIndex: number, single: boolean, on: boolean) {
    const current = selection[partIndex] ?? [];
    const next = single
      ? [optionIndex]
      : on
        ? [...current, optionIndex]
        : current.filter((j) => j !== optionIndex);
    setSelection({ ...selection, [partIndex]: next });
  }

  /** One option's row; a linked part's options are shown, not edited. */
  function optionRow(option: PartOption, i: number, j: number, handle: ReactNode, locked: boolean) {
    return (
      <div className="ed-row" data-option={j}>
        {handle}
        <label className="ed-field ed-field--grow">
          <span>Option</span>
          <input
            value={option.name}
            maxLength={200}
            readOnly={locked}
            aria-invalid={!!errors[`[${i}].options[${j}].name`]}
            onChange={(e) => change(updateOption(parts, i, j, { name: e.target.value }))}
          />
          <FieldError message={errors[`[${i}].options[${j}].name`]} />
        </label>
        <label className="ed-field">
          <span>Preiswirkung</span>
          <select
            value={option.modifier}
            disabled={locked}
            onChange={(e) => change(updateOption(parts, i, j, { modifier: e.target.value as PriceModifier }))}
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
            readOnly={locked}
            invalid={!!errors[`[${i}].options[${j}].value`]}
            onChange={(v) => change(updateOption(parts, i, j, { value: v ?? 0 }))}
          />
          <FieldError message={errors[`[${i}].options[${j}].value`]} />
        </label>
        {!locked && (
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
        )}
      </div>
    );
  }

  /** One part's card; `handle` is null for the single part of an option group. */
  function partCard(part: ConfigurablePart, i: number, handle: ReactNode) {
    const locked = !!part.templateId;
    const link = part.templateId;
    return (
      <div className={`ed-card${locked ? ' ed-card--linked' : ''}`} data-part={i}>
        {link && (
          <div className="ed-row ed-link">
            <p className="ed-link__text">{linkLabel(link, groups)}</p>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => change(unlinkPart(parts, i))}
              aria-label={`Verknüpfung lösen (Teil ${i + 1})`}
            >
              Verknüpfung lösen
            </button>
          </div>
        )}
        <div className="ed-row">
          {handle}
          <label className="ed-field ed-field--grow">
            <span>Name des Teils</span>
            <input
              value={part.name}
              maxLength={200}
              readOnly={locked}
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
              disabled={locked}
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
              disabled={locked}
              onChange={(e) => change(updatePart(parts, i, { optional: e.target.checked }))}
            />
            <span>Optional</span>
          </label>
          {!props.single && (
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
          )}
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
                  readOnly={locked}
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
            readOnly={locked}
            onChange={(e) => change(updatePart(parts, i, { description: e.target.value }))}
          />
        </label>
        {hasOptions(part.type) && (
          <div
            className="ed-options ed-row--indent"
            aria-label={`Optionen von ${part.name || `Teil ${i + 1}`}`}
          >
            <FieldError message={errors[`[${i}].options`]} />
            {locked ? (
              <ol className="ed-sortable">
                {part.options.map((option, j) => (
                  <li key={j} className="ed-sortable__row">
                    {optionRow(option, i, j, null, true)}
                  </li>
                ))}
              </ol>
            ) : (
              <SortableList
                id={`${id}-part${i}-option`}
                items={part.options}
                onMove={(from, to) =>
                  change(updatePart(parts, i, { options: moveItem(part.options, from, to) }))
                }
                handleLabel={(j) => `Option ${j + 1} von Teil ${i + 1} verschieben`}
                renderItem={(option, j, optionHandle) => optionRow(option, i, j, optionHandle, false)}
              />
            )}
            {!locked && (
              <button
                type="button"
                className="button button--ghost ed-add"
                onClick={() => change(updatePart(parts, i, { options: [...part.options, newOption()] }))}
              >
                Option hinzufügen
              </button>
            )}
          </div>
        )}
      </div>
    );
  }

  if (props.single)
    return (
      <fieldset className="ed-editor ed-parts ed-parts--single" disabled={props.disabled}>
        <legend className="ed-editor__title">{props.label}</legend>
        <FieldError message={errors['']} />
        {parts[0] && partCard(parts[0], 0, null)}
      </fieldset>
    );

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
            renderItem={(part, i, handle) => partCard(part, i, handle)}
          />
          <div className="ed-row ed-parts__actions">
            <button
              type="button"
              className="button button--ghost ed-add"
              onClick={() => change([...parts, newPart()])}
            >
              Teil hinzufügen
            </button>
            {groups.length > 0 && chosenGroup && (
              <div className="ed-row ed-parts__template" role="group" aria-label="Vorlage einfügen">
                <label className="ed-field">
                  <span>Optionsvorlage</span>
                  <select value={chosenGroup.uid} onChange={(e) => setTemplate(e.target.value)}>
                    {groups.map((group) => (
                      <option key={group.uid} value={group.uid}>
                        {group.name}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  className="button button--ghost ed-add"
                  onClick={() => change([...parts, linkedPart(chosenGroup)])}
                >
                  Vorlage einfügen
                </button>
              </div>
            )}
          </div>
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

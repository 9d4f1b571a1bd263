import { OPENING_HOUR_RULE_TYPES, type OpeningHourRule, type OpeningHourRuleType } from '@ordering/common';
import { useId, useMemo } from 'react';
import type { CustomEditorProps } from '../types';
import { DateInput } from '../dates/DateInput';
import { FieldError } from '../FieldError';
import { moveItem, SortableList } from '../SortableList';
import { newRule, previewWeek, RULE_TYPE_LABELS, updateRule, validateRules } from './hoursRules';

/**
 * Opening hours, delivery hours and availability schedules: rules by type (once with a date, daily, a
 * weekday), closed flag, from/to; drag (or the keyboard) to reorder, since a later rule of another type
 * replaces an earlier one; a preview of the next seven days as common's rules read them.
 */
export function OpeningHoursEditor(props: CustomEditorProps<OpeningHourRule[] | null | undefined>) {
  return (
    <RulesEditor {...props} emptyText="Keine Regeln: immer geschlossen." previewTitle="Die nächsten 7 Tage" />
  );
}

/** A product's or category's availability: the same rules; no rules means always available. */
export function ScheduleEditor(props: CustomEditorProps<OpeningHourRule[] | null | undefined>) {
  return (
    <RulesEditor
      {...props}
      emptyText="Keine Regeln: immer verfügbar."
      previewTitle="Verfügbar in den nächsten 7 Tagen"
      emptyPreview="Immer verfügbar."
    />
  );
}

function RulesEditor(
  props: CustomEditorProps<OpeningHourRule[] | null | undefined> & {
    emptyText: string;
    previewTitle: string;
    emptyPreview?: string;
  },
) {
  const rules = props.value ?? [];
  const id = useId();
  const local = useMemo(() => validateRules(rules), [rules]);
  const errors = { ...local, ...props.errors };
  const timeZone = typeof props.entity.timeZone === 'string' ? props.entity.timeZone : undefined;
  const preview = useMemo(() => previewWeek(rules, new Date(), timeZone), [rules, timeZone]);
  const change = (next: OpeningHourRule[]) => props.onChange(next);

  return (
    <fieldset className="ed-editor ed-hours" disabled={props.disabled}>
      <legend className="ed-editor__title">{props.label}</legend>
      <FieldError message={errors['']} />
      {rules.length === 0 ? (
        <p className="ed-empty">{props.emptyText}</p>
      ) : (
        <SortableList
          id={`${id}-rule`}
          items={rules}
          onMove={(from, to) => change(moveItem(rules, from, to))}
          handleLabel={(i) => `Regel ${i + 1} verschieben`}
          renderItem={(rule, i, handle) => (
            <div className="ed-row ed-hours__row" data-rule={i}>
              {handle}
              <label className="ed-field">
                <span>Art</span>
                <select
                  value={rule.type}
                  aria-invalid={!!errors[`[${i}].type`]}
                  onChange={(e) =>
                    change(updateRule(rules, i, { type: e.target.value as OpeningHourRuleType }))
                  }
                >
                  {OPENING_HOUR_RULE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {RULE_TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
                <FieldError message={errors[`[${i}].type`]} />
              </label>
              {rule.type === 'once' && (
                <div className="ed-field">
                  <label htmlFor={`${id}-date-${i}`}>Datum</label>
                  <DateInput
                    id={`${id}-date-${i}`}
                    label={`Regel ${i + 1}, Datum`}
                    value={rule.date}
                    aria-invalid={!!errors[`[${i}].date`] || undefined}
                    onChange={(date) => change(updateRule(rules, i, { date }))}
                  />
                  <FieldError message={errors[`[${i}].date`]} />
                </div>
              )}
              <label className="ed-check">
                <input
                  type="checkbox"
                  checked={rule.isClosed}
                  onChange={(e) => change(updateRule(rules, i, { isClosed: e.target.checked }))}
                />
                <span>Geschlossen</span>
              </label>
              {(['from', 'to'] as const).map((field) => (
                <label className="ed-field ed-field--time" key={field}>
                  <span>{field === 'from' ? 'Von' : 'Bis'}</span>
                  <input
                    // Text, not type="time": the browser's time field follows the OS locale (AM/PM).
                    inputMode="numeric"
                    placeholder="HH:MM"
                    maxLength={5}
                    value={rule[field]}
                    disabled={rule.isClosed}
                    aria-invalid={!!errors[`[${i}].${field}`]}
                    onChange={(e) => change(updateRule(rules, i, { [field]: e.target.value }))}
                  />
                  <FieldError message={errors[`[${i}].${field}`]} />
                </label>
              ))}
              <button
                type="button"
                className="button button--ghost ed-remove"
                onClick={() => change(rules.filter((_, j) => j !== i))}
                aria-label={`Regel ${i + 1} entfernen`}
              >
                Entfernen
              </button>
            </div>
          )}
        />
      )}
      <button
        type="button"
        className="button button--ghost ed-add"
        onClick={() => change([...rules, newRule(rules.at(-1))])}
      >
        Regel hinzufügen
      </button>
      <section className="ed-preview" aria-label={`Vorschau: ${props.label}`}>
        <h3>{props.previewTitle}</h3>
        {rules.length === 0 && props.emptyPreview ? (
          <p className="ed-hint">{props.emptyPreview}</p>
        ) : (
          <dl>
            {preview.map((day) => (
              <div key={day.date} className="ed-preview__day">
                <dt>{day.label}</dt>
                <dd>{day.text}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </fieldset>
  );
}

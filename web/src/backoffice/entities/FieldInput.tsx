import { SECRET_KEYS, SECRET_LABELS } from '@ordering/common/schemas';
import { observer } from 'mobx-react-lite';
import { customEditors } from './customEditors';
import { DateInput, DateTimeInput } from '../editors/dates/DateInput';
import type { EntityFormStore } from './EntityFormStore';
import { errorsUnder } from './paths';
import type { RefOptionsStore } from './RefOptionsStore';
import { isRequired, labelOf } from './schema';
import type { FieldDescription } from './types';

interface Props {
  form: EntityFormStore;
  field: FieldDescription;
  refs: RefOptionsStore;
  disabled?: boolean;
}

const refId = (value: unknown): string =>
  value && typeof value === 'object' && 'id' in value ? String((value as { id: unknown }).id) : '';

/** `7` → `7 %`, `5.5` → `5,5 %` (German decimal comma, space before the sign as DIN 5008 writes it). */
const formatPercent = (rate: number): string => `${String(rate).replace('.', ',')} %`;

const refIds = (value: unknown): string[] => (Array.isArray(value) ? value.map(refId) : []);

const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && Object.values(value).every(isEmpty));

/** One field of an entity form, by its CMS field type; errors and hints are tied to it for screen readers. */
export const FieldInput = observer(function FieldInput({ form, field, refs, disabled }: Props) {
  const { description } = form;
  const id = `field-${field.name}`;
  const label = labelOf(description, field);
  const error = form.errorOf(field.name);
  const required = isRequired(description.collection, field.name);
  const value = form.values[field.name];
  const describedBy = [error ? `${id}-error` : '', field.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    name: field.name,
    disabled,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
  const set = (next: unknown) => form.setValue(field.name, next);
  // A registered special editor shows its field's errors itself (its `errors` prop).
  const editorShowsErrors =
    (field.type === 'custom' && !!field.editor && !!customEditors[field.editor]) ||
    field.type === 'image' ||
    field.type === 'images';

  let control: React.ReactNode;
  let isGroup = false;
  switch (field.type) {
    case 'textarea':
    case 'wysiwyg':
    case 'markdown': {
      const text = typeof value === 'string' ? value : '';
      const area = (
        <textarea
          {...common}
          rows={field.rows ?? (field.type === 'textarea' ? 3 : 6)}
          value={text}
          onChange={(e) => set(e.target.value)}
        />
      );
      // An empty legal text: the market's template, its gaps marked for the owner to fill.
      control =
        field.template && !text.trim() ? (
          <>
            {area}
            <button
              type="button"
              className="button button--secondary bo-template"
              disabled={disabled}
              onClick={() => set(field.template!(form.market, form.values))}
              // Several legal texts may be empty at once: the name says which one the button fills.
              aria-label={`Vorlage für ${form.market.country} einfügen: ${label}`}
            >
              Vorlage für {form.market.country} einfügen
            </button>
          </>
        ) : (
          area
        );
      break;
    }
    case 'number': {
      const input = (
        <input
          {...common}
          type="number"
          inputMode="decimal"
          step={field.step ?? 'any'}
          value={typeof value === 'number' ? String(value) : ''}
          onChange={(e) => set(e.target.value === '' ? null : Number(e.target.value))}
        />
      );
      const presets = field.presets?.(form.market) ?? [];
      // Quick choices (the market's VAT rates) beside the field, which stays free to type any value.
      control = presets.length ? (
        <div className="bo-presets">
          {input}
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className="bo-preset"
              disabled={disabled}
              aria-pressed={value === preset}
              aria-label={`${label}: ${formatPercent(preset)}`}
              onClick={() => set(preset)}
            >
              {formatPercent(preset)}
            </button>
          ))}
        </div>
      ) : (
        input
      );
      break;
    }
    case 'boolean':
      return (
        <div className="bo-field bo-field--check">
          <input
            {...common}
            required={false}
            type="checkbox"
            checked={value === true}
            onChange={(e) => set(e.target.checked)}
          />
          <label htmlFor={id}>{label}</label>
          {error && (
            <p id={`${id}-error`} className="bo-field__error">
              {error}
            </p>
          )}
        </div>
      );
    case 'select': {
      // With a collection: the distinct row titles are the choices and the stored value (font families).
      const choices = field.collection
        ? [...new Set(refs.options(field.collection).map((o) => o.label))].map((title) => ({
            value: title,
            label: title,
          }))
        : field.options;
      const numeric =
        typeof value === 'number' ||
        (!field.collection && field.options?.every((o) => /^\d+$/.test(o.value)));
      control = (
        <select
          {...common}
          value={value === null || value === undefined ? '' : String(value)}
          onChange={(e) =>
            set(e.target.value === '' ? undefined : numeric ? Number(e.target.value) : e.target.value)
          }
        >
          <option value="">{required ? 'Bitte wählen' : '–'}</option>
          {choices?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    }
    case 'image':
    case 'images': {
      // Pictures are chosen by thumbnail (the special editors `imagePicker` / `imageListPicker`).
      isGroup = true;
      const Editor = customEditors[field.type === 'image' ? 'imagePicker' : 'imageListPicker']!;
      control = (
        <Editor
          value={value as never}
          onChange={(next: unknown) => set(next)}
          errors={errorsUnder(form.fieldErrors, field.name)}
          entity={form.values}
          id={form.id}
          disabled={disabled}
          label={label}
        />
      );
      break;
    }
    case 'multiselect':
    case 'refs': {
      isGroup = true;
      const choices = field.type === 'multiselect' ? (field.options ?? []) : refs.options(field.collection!);
      const chosen =
        field.type === 'multiselect' ? (Array.isArray(value) ? value.map(String) : []) : refIds(value);
      const toggle = (choice: string, on: boolean) => {
        const next = on ? [...chosen, choice] : chosen.filter((c) => c !== choice);
        set(field.type === 'multiselect' ? next : next.map((c) => ({ id: Number(c) })));
      };
      control = (
        <div
          className="bo-choices"
          role="group"
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy || undefined}
        >
          {choices.length === 0 && <span className="bo-field__hint">Keine Einträge vorhanden.</span>}
          {choices.map((choice) => (
            <label key={choice.value} className="bo-choice">
              <input
                type="checkbox"
                name={field.name}
                value={choice.value}
                disabled={disabled}
                checked={chosen.includes(choice.value)}
                onChange={(e) => toggle(choice.value, e.target.checked)}
              />
              {choice.label}
            </label>
          ))}
        </div>
      );
      break;
    }
    case 'ref':
      control = (
        <select
          {...common}
          value={refId(value)}
          onChange={(e) => set(e.target.value === '' ? null : { id: Number(e.target.value) })}
        >
          <option value="">{required ? 'Bitte wählen' : '–'}</option>
          {refs.options(field.collection!).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'date':
      // German format whatever the browser's language (TT.MM.JJJJ), with a calendar; unreadable text
      // is refused at the field by name and keeps the form from saving.
      control = (
        <DateInput
          {...common}
          label={label}
          value={typeof value === 'string' ? value : null}
          onChange={set}
          onProblem={(problem) => form.setInputProblem(field.name, problem)}
          hideProblem
        />
      );
      break;
    case 'datetime':
      control = (
        <DateTimeInput
          {...common}
          label={label}
          value={typeof value === 'string' ? value : null}
          onChange={set}
          onProblem={(problem) => form.setInputProblem(field.name, problem)}
          hideProblem
        />
      );
      break;
    case 'secrets': {
      isGroup = true;
      const masked = (value ?? {}) as Record<string, string>;
      control = (
        <div className="bo-secrets" role="group" aria-labelledby={`${id}-label`}>
          {SECRET_KEYS.map((key) => (
            <div key={key} className="bo-field">
              <label htmlFor={`secret-${key}`}>{SECRET_LABELS[key]}</label>
              <input
                id={`secret-${key}`}
                type="password"
                autoComplete="new-password"
                disabled={disabled}
                placeholder={masked[key] ? `gespeichert (${masked[key]})` : 'nicht gesetzt'}
                value={form.secrets[key] ?? ''}
                onChange={(e) => form.setSecret(key, e.target.value)}
              />
            </div>
          ))}
          <p className="bo-field__hint">
            Gespeicherte Zugangsdaten werden nie angezeigt; nur neu eingegebene werden gesendet.
          </p>
        </div>
      );
      break;
    }
    case 'custom': {
      isGroup = true;
      const Editor = field.editor ? customEditors[field.editor] : undefined;
      control = Editor ? (
        <Editor
          value={value as never}
          onChange={(next: unknown) => set(next)}
          errors={errorsUnder(form.fieldErrors, field.name)}
          entity={form.values}
          id={form.id}
          disabled={disabled}
          label={label}
          uploadProgress={form.uploadProgress}
          onBusy={(reading: boolean) => form.setReadingFile(field.name, reading)}
        />
      ) : (
        <div className="bo-pending-editor">
          <p className="bo-field__hint">Wird bearbeitet {field.editorHint ?? 'in einem eigenen Editor'}.</p>
          {isEmpty(value) ? (
            <p className="bo-field__hint">Noch keine Einträge.</p>
          ) : (
            <pre className="bo-json" role="group" tabIndex={0} aria-label={`${label} (nur lesen)`}>
              {JSON.stringify(value, null, 2)}
            </pre>
          )}
        </div>
      );
      break;
    }
    default:
      control = (
        <input
          {...common}
          type={field.type === 'email' ? 'email' : field.type === 'password' ? 'password' : 'text'}
          autoComplete={field.type === 'password' ? 'new-password' : 'off'}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(e.target.value)}
        />
      );
  }

  return (
    <div className={`bo-field${error ? ' bo-field--invalid' : ''}`}>
      {isGroup ? (
        <span id={`${id}-label`} className="bo-field__label">
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </span>
      ) : (
        <label htmlFor={id} className="bo-field__label">
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
      )}
      {control}
      {field.hint && (
        <p id={`${id}-hint`} className="bo-field__hint">
          {field.hint}
        </p>
      )}
      {error && !editorShowsErrors && (
        <p id={`${id}-error`} className="bo-field__error">
          {error}
        </p>
      )}
    </div>
  );
});

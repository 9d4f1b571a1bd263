import { DateInput } from './DateInput';

/**
 * The "Von" and "Bis" dates of a list's filter bar (business days, `YYYY-MM-DD`), each a labelled German date
 * input; a cleared field reports ''.
 */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  onChange,
}: {
  /** Makes the inputs' ids unique on the page (`{idPrefix}-from`, `{idPrefix}-to`). */
  idPrefix: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (key: 'from' | 'to', value: string) => void;
}) {
  return (
    <>
      {(
        [
          ['from', 'Von', from],
          ['to', 'Bis', to],
        ] as const
      ).map(([key, label, value]) => (
        <div key={key} className="action-field">
          <label htmlFor={`${idPrefix}-${key}`}>{label}</label>
          <DateInput
            id={`${idPrefix}-${key}`}
            label={label}
            value={value ?? null}
            onChange={(date) => onChange(key, date ?? '')}
          />
        </div>
      ))}
    </>
  );
}

import { formatDecimal, fromCents, parseMoney, t, toCents } from '@ordering/common';
import { useEffect, useState } from 'react';

/** Money in major units as Germans type it ("3,50", "1.234,5"); empty is null when `nullable`. */
export function MoneyInput(props: {
  value: number | null | undefined;
  onChange(value: number | null): void;
  nullable?: boolean;
  invalid?: boolean;
  /** Shown, not edited (a part linked to an option group). */
  readOnly?: boolean;
  id?: string;
  'aria-describedby'?: string;
}) {
  const shown = (v: number | null | undefined) => (typeof v === 'number' ? formatDecimal(toCents(v)) : '');
  const [text, setText] = useState(shown(props.value));
  const [bad, setBad] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setText(shown(props.value));
  }, [props.value, focused]);
  return (
    <>
      <input
        id={props.id}
        inputMode="decimal"
        value={text}
        readOnly={props.readOnly}
        aria-invalid={bad || props.invalid}
        aria-describedby={props['aria-describedby']}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          if (!bad) setText(shown(props.value));
        }}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '') {
            setBad(!props.nullable);
            if (props.nullable) props.onChange(null);
            return;
          }
          const cents = parseMoney(e.target.value);
          setBad(cents === null || cents < 0);
          if (cents !== null && cents >= 0) props.onChange(fromCents(cents));
        }}
      />
      {bad && (
        <span className="ed-error" role="alert">
          {t('validation.number')}
        </span>
      )}
    </>
  );
}

import { addDays, isoDate, monthGrid, monthTitle, shiftMonth, type IsoDate } from '@ordering/common';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import './dates.css';
import {
  dateProblem,
  formatGermanDate,
  joinInstant,
  parseGermanDate,
  parseGermanTime,
  partProblem,
  splitInstant,
  timeProblem,
} from './germanDate';

const WEEKDAYS_SHORT = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];

/** Today on the browser's clock. */
function todayLocal(): IsoDate {
  const now = new Date();
  return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

interface Common {
  /** The id of the text field (the form's `<label htmlFor>` points to it). */
  id?: string;
  /** The field's German name: the calendar's and the error's wording ("Gültig ab: Bitte …"). */
  label: string;
  disabled?: boolean;
  required?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  /** Told the German message when the typed text is no date (time), and null once it is read. */
  onProblem?(message: string | null): void;
  /** The owner shows the message (an entity form, at its field); otherwise the input shows it below. */
  hideProblem?: boolean;
  className?: string;
}

/**
 * The month of a date with Monday first (German weekdays, the storefront's calendar from `common`): a click
 * or Enter on a day chooses it; arrows move by day and week, Page Up/Down by month, Escape closes.
 */
function CalendarPopover(props: {
  label: string;
  value: IsoDate | null;
  onPick(date: IsoDate): void;
  onClose(): void;
}) {
  const today = todayLocal();
  const [focused, setFocused] = useState<IsoDate>(props.value ?? today);
  const [year, month] = focused.split('-').map(Number) as [number, number];
  const weeks = monthGrid(year, month, today, new Set());
  const grid = useRef<HTMLDivElement>(null);
  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);
  const moveMonth = (delta: number) => {
    const shifted = shiftMonth(year, month, delta);
    const day = Math.min(Number(focused.slice(8, 10)), 28);
    setFocused(isoDate(shifted.year, shifted.month, day));
  };
  function onKeyDown(event: KeyboardEvent) {
    const step: Record<string, () => void> = {
      ArrowLeft: () => setFocused(addDays(focused, -1)),
      ArrowRight: () => setFocused(addDays(focused, 1)),
      ArrowUp: () => setFocused(addDays(focused, -7)),
      ArrowDown: () => setFocused(addDays(focused, 7)),
      PageUp: () => moveMonth(-1),
      PageDown: () => moveMonth(1),
      Escape: props.onClose,
    };
    const action = step[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  }
  return (
    <div
      className="ed-calendar"
      role="dialog"
      aria-modal="false"
      aria-label={`${props.label}: Kalender`}
      onKeyDown={onKeyDown}
    >
      <div className="ed-calendar__head">
        <button
          type="button"
          className="button button--ghost"
          aria-label="Voriger Monat"
          onClick={() => moveMonth(-1)}
        >
          ‹
        </button>
        <strong aria-live="polite">{monthTitle(year, month)}</strong>
        <button
          type="button"
          className="button button--ghost"
          aria-label="Nächster Monat"
          onClick={() => moveMonth(1)}
        >
          ›
        </button>
      </div>
      <div className="ed-calendar__grid" role="grid" ref={grid}>
        <div role="row" className="ed-calendar__row">
          {WEEKDAYS_SHORT.map((day) => (
            <span key={day} role="columnheader" className="ed-calendar__weekday">
              {day}
            </span>
          ))}
        </div>
        {weeks.map((week) => (
          <div role="row" key={week.week + week.days[0]!.date} className="ed-calendar__row">
            {week.days.map((day) => (
              <span role="gridcell" key={day.date} aria-selected={day.date === props.value}>
                <button
                  type="button"
                  data-date={day.date}
                  tabIndex={day.date === focused ? 0 : -1}
                  className={[
                    'ed-calendar__day',
                    day.isInMonth ? '' : 'ed-calendar__day--outside',
                    day.date === today ? 'ed-calendar__day--today' : '',
                    day.date === props.value ? 'ed-calendar__day--selected' : '',
                  ].join(' ')}
                  aria-label={formatGermanDate(day.date)}
                  aria-current={day.date === today ? 'date' : undefined}
                  onClick={() => props.onPick(day.date)}
                >
                  {day.day}
                </button>
              </span>
            ))}
          </div>
        ))}
      </div>
      <div className="ed-calendar__foot">
        <button type="button" className="button button--ghost" onClick={() => props.onPick(today)}>
          Heute
        </button>
        <button type="button" className="button button--ghost" onClick={props.onClose}>
          Schließen
        </button>
      </div>
    </div>
  );
}

/** The text field of a date (TT.MM.JJJJ) with its calendar button; keyboard: ↑/↓ a day, Alt+↓ the calendar. */
function DateField(
  props: Common & {
    value: IsoDate | null;
    onChange(value: IsoDate | null): void;
    /** Reports the text's problem (or null) to the owner; the owner shows it. */
    report(message: string | null): void;
  },
) {
  const [text, setText] = useState(formatGermanDate(props.value));
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // A value changed from outside (loaded, reset) replaces what is shown, unless the text already means it.
  useEffect(() => {
    setText((shown) => (parseGermanDate(shown) === props.value ? shown : formatGermanDate(props.value)));
  }, [props.value]);

  function commit(next: string) {
    const parsed = parseGermanDate(next);
    if (parsed === undefined) {
      props.report(dateProblem(props.label));
      return;
    }
    props.report(null);
    setText(formatGermanDate(parsed));
    if (parsed !== props.value) props.onChange(parsed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault();
      setOpen(true);
      return;
    }
    if (event.key === 'Enter') commit(text);
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const base = parseGermanDate(text) ?? todayLocal();
    const next = addDays(base, event.key === 'ArrowUp' ? 1 : -1);
    setText(formatGermanDate(next));
    props.report(null);
    props.onChange(next);
  }

  return (
    <span className="ed-date">
      <input
        id={props.id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="TT.MM.JJJJ"
        size={11}
        className="ed-date__input"
        value={text}
        disabled={props.disabled}
        required={props.required}
        aria-describedby={props['aria-describedby']}
        aria-invalid={props['aria-invalid']}
        onChange={(event) => {
          setText(event.target.value);
          const parsed = parseGermanDate(event.target.value);
          // Complete dates count at once (the preview follows); half-typed ones wait for the blur.
          if (parsed !== undefined) {
            props.report(null);
            if (parsed !== props.value) props.onChange(parsed);
          }
        }}
        onBlur={() => commit(text)}
        onKeyDown={onKeyDown}
      />
      <button
        ref={button}
        type="button"
        className="button button--ghost ed-date__open"
        aria-label={`${props.label}: Kalender öffnen`}
        aria-expanded={open}
        disabled={props.disabled}
        onClick={() => setOpen(!open)}
      >
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
      </button>
      {open && (
        <CalendarPopover
          label={props.label}
          value={parseGermanDate(text) ?? props.value}
          onPick={(date) => {
            setOpen(false);
            setText(formatGermanDate(date));
            props.report(null);
            props.onChange(date);
            button.current?.focus();
          }}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </span>
  );
}

/** The message of unreadable text: shown below the input unless the owner shows it (`hideProblem`). */
function useProblem(props: Pick<Common, 'onProblem' | 'hideProblem'>) {
  const [problem, setProblem] = useState<string | null>(null);
  const report = (message: string | null) => {
    setProblem(message);
    props.onProblem?.(message);
  };
  return { problem: props.hideProblem ? null : problem, report };
}

/**
 * A date typed the German way (TT.MM.JJJJ), whatever the browser's language, with a calendar popover;
 * the value is the API's `YYYY-MM-DD` (null: none). Text that is no date keeps the old value and names
 * the field in a German message.
 */
export function DateInput(
  props: Common & { value: string | null | undefined; onChange(value: IsoDate | null): void },
) {
  const { problem, report } = useProblem(props);
  const errorId = useId();
  const value =
    typeof props.value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(props.value)
      ? props.value.slice(0, 10)
      : null;
  return (
    <span className={`ed-datetime ${props.className ?? ''}`}>
      <DateField
        {...props}
        value={value}
        report={report}
        aria-invalid={props['aria-invalid'] || (problem ? true : undefined)}
        aria-describedby={
          [props['aria-describedby'], problem ? errorId : ''].filter(Boolean).join(' ') || undefined
        }
      />
      {problem && (
        <span id={errorId} role="alert" className="ed-error">
          {problem}
        </span>
      )}
    </span>
  );
}

/**
 * A date and time typed the German way (TT.MM.JJJJ and HH:MM, 24 hours) on the browser's clock; the value
 * is the instant as ISO 8601 (null: none). Both parts or neither; a half or unreadable one names the field.
 */
export function DateTimeInput(
  props: Common & { value: string | null | undefined; onChange(value: string | null): void },
) {
  const { problem, report } = useProblem(props);
  const errorId = useId();
  const split = splitInstant(props.value);
  const [date, setDate] = useState<IsoDate | null>(split?.date ?? null);
  const [timeText, setTimeText] = useState(split?.time ?? '');
  const [dateProblemText, setDateProblem] = useState<string | null>(null);
  useEffect(() => {
    const next = splitInstant(props.value);
    if (!next) return;
    setDate(next.date);
    setTimeText((shown) => (parseGermanTime(shown) === next.time ? shown : next.time));
  }, [props.value]);

  function settle(nextDate: IsoDate | null, nextTime: string, dateText: string | null = dateProblemText) {
    if (dateText) return report(dateText);
    const time = parseGermanTime(nextTime);
    if (time === undefined) return report(timeProblem(props.label));
    if (nextDate === null && time === null) {
      report(null);
      if (props.value) props.onChange(null);
      return;
    }
    if (nextDate === null) return report(partProblem(props.label, 'date'));
    if (time === null) return report(partProblem(props.label, 'time'));
    report(null);
    const instant = joinInstant(nextDate, time);
    if (instant !== props.value) props.onChange(instant);
  }

  const describedBy =
    [props['aria-describedby'], problem ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <span className={`ed-datetime ${props.className ?? ''}`}>
      <DateField
        id={props.id}
        label={props.label}
        disabled={props.disabled}
        required={props.required}
        aria-describedby={describedBy}
        aria-invalid={props['aria-invalid'] || (problem ? true : undefined)}
        value={date}
        report={(message) => {
          setDateProblem(message);
          if (message) report(message);
          else settle(date, timeText, null);
        }}
        onChange={(next) => {
          setDate(next);
          settle(next, timeText, null);
        }}
      />
      {/* The time and its "Uhr" wrap together (a narrow column, a tablet), never apart. */}
      <span className="ed-time">
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="HH:MM"
          size={6}
          className="ed-time__input"
          aria-label={`${props.label}: Uhrzeit`}
          aria-describedby={describedBy}
          aria-invalid={props['aria-invalid'] || (problem ? true : undefined)}
          disabled={props.disabled}
          value={timeText}
          onChange={(event) => {
            setTimeText(event.target.value);
            if (parseGermanTime(event.target.value) !== undefined && /\d{2}$/.test(event.target.value.trim()))
              settle(date, event.target.value);
          }}
          onBlur={() => {
            const time = parseGermanTime(timeText);
            if (time) setTimeText(time);
            settle(date, timeText);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') settle(date, timeText);
            if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
            event.preventDefault();
            const current = parseGermanTime(timeText) ?? '12:00';
            const [h, m] = current.split(':').map(Number) as [number, number];
            const minutes = (h * 60 + m + (event.key === 'ArrowUp' ? 15 : -15) + 1440) % 1440;
            const next = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
            setTimeText(next);
            settle(date, next);
          }}
        />
        <span className="ed-hint ed-time__suffix">Uhr</span>
      </span>
      {problem && (
        <span id={errorId} role="alert" className="ed-error">
          {problem}
        </span>
      )}
    </span>
  );
}

import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { parseDays, type HolidayBalanceRow, type TimeSheetStore } from './TimeSheetStore';

const days = (n: number) => n.toLocaleString('de-AT', { maximumFractionDigits: 1 });

/**
 * Changes one employee's entitlement and carried-over days of the year. The remaining days are not typed:
 * after saving, the sheet is read again and shows the server's count (entitlement + carried over − taken).
 */
export const HolidayBalanceEditor = observer(function HolidayBalanceEditor({
  store,
  row,
  name,
  onDone,
}: {
  store: TimeSheetStore;
  row: HolidayBalanceRow;
  name: string;
  onDone: (saved: boolean) => void;
}) {
  const [entitlement, setEntitlement] = useState(days(row.entitlementDays));
  const [carried, setCarried] = useState(days(row.carriedOverDays));
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const entitlementDays = parseDays(entitlement);
    const carriedOverDays = parseDays(carried);
    if (entitlementDays === null)
      return setError({ message: 'Bitte eine Zahl von Tagen eingeben.', field: 'entitlementDays' });
    if (carriedOverDays === null)
      return setError({ message: 'Bitte eine Zahl von Tagen eingeben.', field: 'carriedOverDays' });
    setBusy(true);
    const failed = await store.saveBalance(row, { entitlementDays, carriedOverDays });
    setBusy(false);
    if (failed) return setError(failed);
    onDone(true);
  }

  const id = `holiday-${row.user.id}-${row.year}`;
  const errorAt = (field: string) => (error && error.field === field ? `${id}-error` : undefined);
  return (
    <form
      className="bo-holiday-edit"
      aria-label={`Urlaubskonto ${row.year} von ${name}`}
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onDone(false);
        }
      }}
    >
      <h3>
        Urlaubskonto {row.year}: {name}
      </h3>
      <div className="bo-holiday-edit__fields">
        <label>
          <span>Anspruch (Tage)</span>
          <input
            ref={first}
            inputMode="decimal"
            value={entitlement}
            onChange={(e) => {
              setEntitlement(e.target.value);
              setError(null);
            }}
            aria-invalid={errorAt('entitlementDays') ? true : undefined}
            aria-describedby={errorAt('entitlementDays')}
          />
        </label>
        <label>
          <span>Übertrag aus dem Vorjahr (Tage)</span>
          <input
            inputMode="decimal"
            value={carried}
            onChange={(e) => {
              setCarried(e.target.value);
              setError(null);
            }}
            aria-invalid={errorAt('carriedOverDays') ? true : undefined}
            aria-describedby={errorAt('carriedOverDays')}
          />
        </label>
        <p className="bo-note">Genommen: {days(row.takenDays)} Tage. Halbe Tage mit Komma, z. B. 2,5.</p>
      </div>
      {error && (
        <p className="form__error" id={`${id}-error`} role="alert">
          {error.message}
        </p>
      )}
      <div className="bo-holiday-edit__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Speichern
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => onDone(false)}>
          Abbrechen
        </button>
      </div>
    </form>
  );
});

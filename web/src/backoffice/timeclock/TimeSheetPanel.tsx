import { formatIsoDate, formatWorkedMinutes } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactNode } from 'react';
import { FigureTable } from '../editors/FigureTable';
import { useStores } from '../stores';
import { HolidayBalanceEditor } from './HolidayBalanceEditor';
import { TimeClockPinPanel } from './TimeClockPinPanel';
import { TimeSheetStore } from './TimeSheetStore';
import './timesheets.css';

const WEEKDAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
const nameOf = (u: { firstName: string; lastName: string; username: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username;
const days = (n: number) => n.toLocaleString('de-AT', { maximumFractionDigits: 1 });

/** The look of both sheets' tables. */
const SHEET_TABLE = { className: 'bo-table', wrapClassName: 'bo-table-wrap' };

/** A sheet's error, its "nothing" (or "loading") line, or its table. */
function SheetBody({
  error,
  empty,
  loading,
  none,
  children,
}: {
  error: string | null;
  empty: boolean;
  loading: boolean;
  none: string;
  children: ReactNode;
}) {
  if (error)
    return (
      <p className="form__error" role="alert">
        {error}
      </p>
    );
  if (empty) return <p className="bo-note">{loading ? 'Wird geladen …' : none}</p>;
  return children;
}

/**
 * Above the activity list: "Arbeitszeiten" of a week per employee and day (h:mm, pauses excluded) and the
 * "Urlaubskonten" of that year, both counted by the server.
 * For managers and administrators also the "PINs für die Zeiterfassung" ({@link TimeClockPinPanel}).
 */
export const TimeSheetPanel = observer(function TimeSheetPanel() {
  const { api, auth } = useStores();
  const [store] = useState(() => new TimeSheetStore(api));
  // Employees (the one branch-scoped role) set no PINs and change no balances; managers and administrators do.
  const setsPins = auth.roles.some((r) => r !== 'ROLE_EMPLOYEE');
  useEffect(() => {
    void store.load();
  }, [store]);
  const first = store.days[0];
  const last = store.days[6];
  // The balance being changed (its user), and a short "saved" line afterwards.
  const [editing, setEditing] = useState<number | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const editedRow = store.balances.find((b) => b.user.id === editing) ?? null;
  const editButton = (userId: number) =>
    document.querySelector<HTMLButtonElement>(`[data-holiday-edit="${userId}"]`);
  function doneEditing(saved: boolean) {
    const userId = editing;
    if (saved && editedRow) setSaved(`Urlaubskonto von ${nameOf(editedRow.user)} gespeichert.`);
    setEditing(null);
    // The focus goes back to the row's button, so a keyboard user continues where they were.
    if (userId !== null) requestAnimationFrame(() => editButton(userId)?.focus());
  }
  return (
    <div className="bo-timesheets">
      <section className="card bo-timesheet" aria-labelledby="ts-week">
        <div className="bo-toolbar">
          <h2 id="ts-week">
            Arbeitszeiten {first && last ? `${formatIsoDate(first)} – ${formatIsoDate(last)}` : ''}
          </h2>
          <div className="bo-toolbar__actions">
            <button
              type="button"
              className="button"
              onClick={() => void store.moveWeek(-1)}
              disabled={store.loading}
            >
              Vorige Woche
            </button>
            <button
              type="button"
              className="button"
              onClick={() => void store.moveWeek(1)}
              disabled={store.loading}
            >
              Nächste Woche
            </button>
          </div>
        </div>
        <SheetBody
          error={store.weekError}
          empty={store.rows.length === 0}
          loading={store.loading}
          none="Keine Arbeitszeiten in dieser Woche."
        >
          <FigureTable
            {...SHEET_TABLE}
            testId="working-week"
            wrapLabel="Arbeitszeiten je Tag"
            rows={store.rows}
            rowKey={(row) => row.user.id}
            label="Mitarbeiter"
            name={(row) => (
              <>
                {nameOf(row.user)}
                {row.openActivities > 0 && <span className="bo-timesheet__open"> (eingestempelt)</span>}
              </>
            )}
            columns={[
              ...WEEKDAYS.map((d, i) => ({
                label: `${d} ${store.days[i]?.slice(8, 10)}.`,
                value: (row: (typeof store.rows)[number]) => {
                  const m = row.days[i] ?? 0;
                  return m > 0 ? formatWorkedMinutes(m) : '–';
                },
              })),
              { label: 'Woche', value: (row) => <strong>{formatWorkedMinutes(row.totalMinutes)}</strong> },
            ]}
          />
        </SheetBody>
      </section>
      <section className="card bo-timesheet" aria-labelledby="ts-holidays">
        <h2 id="ts-holidays">Urlaubskonten {store.year}</h2>
        <SheetBody
          error={store.balancesError}
          empty={store.balances.length === 0}
          loading={store.loading}
          none="Keine Urlaubskonten für dieses Jahr."
        >
          <FigureTable
            {...SHEET_TABLE}
            testId="holiday-balances"
            wrapLabel="Urlaubstage je Mitarbeiter"
            rows={store.balances}
            rowKey={(b) => b.user.id}
            label="Mitarbeiter"
            name={(b) => nameOf(b.user)}
            columns={[
              { label: 'Anspruch', value: (b) => days(b.entitlementDays) },
              { label: 'Übertrag', value: (b) => days(b.carriedOverDays) },
              { label: 'Genommen', value: (b) => days(b.takenDays) },
              { label: 'Rest', value: (b) => <strong>{days(b.remainingDays)}</strong> },
              ...(setsPins
                ? [
                    {
                      label: <span className="visually-hidden">Ändern</span>,
                      value: (b: (typeof store.balances)[number]) => (
                        <button
                          type="button"
                          className="button button--small"
                          data-holiday-edit={b.user.id}
                          aria-expanded={editing === b.user.id}
                          onClick={() => {
                            setSaved(null);
                            setEditing(b.user.id);
                          }}
                        >
                          Ändern<span className="visually-hidden"> ({nameOf(b.user)})</span>
                        </button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </SheetBody>
        {editedRow && (
          <HolidayBalanceEditor
            key={editedRow.user.id}
            store={store}
            row={editedRow}
            name={nameOf(editedRow.user)}
            onDone={doneEditing}
          />
        )}
        {saved && (
          <p className="alert alert--success" role="status">
            {saved}
          </p>
        )}
      </section>
      {setsPins && <TimeClockPinPanel />}
    </div>
  );
});

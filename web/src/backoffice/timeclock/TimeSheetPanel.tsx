import { formatIsoDate, formatWorkedMinutes } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../stores';
import { TimeSheetStore } from './TimeSheetStore';
import './timesheets.css';

const WEEKDAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
const nameOf = (u: { firstName: string; lastName: string; username: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username;
const days = (n: number) => n.toLocaleString('de-AT', { maximumFractionDigits: 1 });

/**
 * Above the activity list: "Arbeitszeiten" of a week per employee and day (h:mm, pauses excluded) and the
 * "Urlaubskonten" of that year, both counted by the server.
 */
export const TimeSheetPanel = observer(function TimeSheetPanel() {
  const { api } = useStores();
  const [store] = useState(() => new TimeSheetStore(api));
  useEffect(() => {
    void store.load();
  }, [store]);
  const first = store.days[0];
  const last = store.days[6];
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
        {store.weekError ? (
          <p className="form__error" role="alert">
            {store.weekError}
          </p>
        ) : store.rows.length === 0 ? (
          <p className="bo-note">
            {store.loading ? 'Wird geladen …' : 'Keine Arbeitszeiten in dieser Woche.'}
          </p>
        ) : (
          <div className="bo-table-wrap">
            <table className="bo-table" data-testid="working-week">
              <thead>
                <tr>
                  <th scope="col">Mitarbeiter</th>
                  {WEEKDAYS.map((d, i) => (
                    <th key={d} scope="col" className="bo-timesheet__num">
                      {d} {store.days[i]?.slice(8, 10)}.
                    </th>
                  ))}
                  <th scope="col" className="bo-timesheet__num">
                    Woche
                  </th>
                </tr>
              </thead>
              <tbody>
                {store.rows.map((row) => (
                  <tr key={row.user.id}>
                    <th scope="row">
                      {nameOf(row.user)}
                      {row.openActivities > 0 && <span className="bo-timesheet__open"> (eingestempelt)</span>}
                    </th>
                    {row.days.map((m, i) => (
                      <td key={i} className="bo-timesheet__num">
                        {m > 0 ? formatWorkedMinutes(m) : '–'}
                      </td>
                    ))}
                    <td className="bo-timesheet__num">
                      <strong>{formatWorkedMinutes(row.totalMinutes)}</strong>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="card bo-timesheet" aria-labelledby="ts-holidays">
        <h2 id="ts-holidays">Urlaubskonten {store.year}</h2>
        {store.balancesError ? (
          <p className="form__error" role="alert">
            {store.balancesError}
          </p>
        ) : store.balances.length === 0 ? (
          <p className="bo-note">
            {store.loading ? 'Wird geladen …' : 'Keine Urlaubskonten für dieses Jahr.'}
          </p>
        ) : (
          <div className="bo-table-wrap">
            <table className="bo-table" data-testid="holiday-balances">
              <thead>
                <tr>
                  <th scope="col">Mitarbeiter</th>
                  <th scope="col" className="bo-timesheet__num">
                    Anspruch
                  </th>
                  <th scope="col" className="bo-timesheet__num">
                    Übertrag
                  </th>
                  <th scope="col" className="bo-timesheet__num">
                    Genommen
                  </th>
                  <th scope="col" className="bo-timesheet__num">
                    Rest
                  </th>
                </tr>
              </thead>
              <tbody>
                {store.balances.map((b) => (
                  <tr key={b.user.id}>
                    <th scope="row">{nameOf(b.user)}</th>
                    <td className="bo-timesheet__num">{days(b.entitlementDays)}</td>
                    <td className="bo-timesheet__num">{days(b.carriedOverDays)}</td>
                    <td className="bo-timesheet__num">{days(b.takenDays)}</td>
                    <td className="bo-timesheet__num">
                      <strong>{days(b.remainingDays)}</strong>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
});

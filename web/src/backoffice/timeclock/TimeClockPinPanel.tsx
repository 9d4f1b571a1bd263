import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../stores';
import { nameOf, TimeClockPinStore } from './TimeClockPinStore';
import '../devices/devices.css';

/**
 * "PINs für die Zeiterfassung" for managers (who have no user administration): who has a PIN for the
 * time clock, and setting or removing one. The server lists only the people whose PIN the caller may set.
 */
export const TimeClockPinPanel = observer(function TimeClockPinPanel() {
  const { api } = useStores();
  const [store] = useState(() => new TimeClockPinStore(api));
  useEffect(() => {
    void store.load();
  }, [store]);
  const person = store.selected;
  const inputId = 'bo-clock-pin-input';
  return (
    <section className="card bo-timesheet" aria-labelledby="ts-pins">
      <h2 id="ts-pins">PINs für die Zeiterfassung</h2>
      <p className="bo-note">
        Mit Benutzername und PIN (4 bis 8 Ziffern, besser 6) stempeln die Mitarbeiter am Tablet. Die PIN wird
        nur verschlüsselt gespeichert und nie wieder angezeigt; eine neue PIN hebt auch eine Sperre nach
        falschen Eingaben auf.
      </p>
      {store.listError ? (
        <p className="form__error" role="alert">
          {store.listError}
        </p>
      ) : store.rows.length === 0 ? (
        <p className="bo-note">{store.loading ? 'Wird geladen …' : 'Keine Mitarbeiter.'}</p>
      ) : (
        <div className="bo-table-wrap" tabIndex={0} role="region" aria-label="PIN je Mitarbeiter">
          <table className="bo-table" data-testid="clock-pins">
            <thead>
              <tr>
                <th scope="col">Mitarbeiter</th>
                <th scope="col">Filialen</th>
                <th scope="col">PIN</th>
                <th scope="col">
                  <span className="visually-hidden">Aktion</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {store.rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">{nameOf(row)}</th>
                  <td>{row.branches.map((b) => b.name).join(', ') || '–'}</td>
                  <td>{row.hasPin ? 'vorhanden' : 'keine'}</td>
                  <td>
                    <button
                      type="button"
                      className="button"
                      aria-label={`PIN setzen für ${nameOf(row)}`}
                      aria-expanded={store.selectedId === row.id}
                      aria-controls={store.selectedId === row.id ? 'bo-clock-pin-form' : undefined}
                      onClick={() => store.select(store.selectedId === row.id ? null : row.id)}
                    >
                      PIN setzen
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {person && (
        <div
          className="bo-pairing"
          id="bo-clock-pin-form"
          role="region"
          aria-label={`PIN für ${nameOf(person)}`}
        >
          <label htmlFor={inputId}>Neue PIN für {nameOf(person)}</label>
          <div className="bo-pairing__row">
            <input
              id={inputId}
              className="bo-pairing__code"
              inputMode="numeric"
              autoComplete="new-password"
              type="password"
              maxLength={8}
              value={store.pin}
              disabled={store.busy}
              onChange={(e) => store.setPin(e.target.value)}
              aria-describedby={store.error ? `${inputId}-error` : undefined}
            />
            <button
              type="button"
              className="button button--primary"
              disabled={store.busy}
              onClick={() => void store.save(store.pin)}
            >
              PIN speichern
            </button>
            {person.hasPin && (
              <button
                type="button"
                className="button"
                disabled={store.busy}
                onClick={() => void store.save(null)}
              >
                PIN entfernen
              </button>
            )}
            <button type="button" className="button" disabled={store.busy} onClick={() => store.select(null)}>
              Schließen
            </button>
          </div>
          {store.error && (
            <p className="form__error" id={`${inputId}-error`} role="alert">
              {store.error}
            </p>
          )}
          {store.done && (
            <p className="alert alert--success" role="status">
              {store.done}
            </p>
          )}
        </div>
      )}
    </section>
  );
});

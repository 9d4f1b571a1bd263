import { BUSY_EXTRA_MINUTES, formatTime, PAUSE_MINUTES, pauseSentence } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import type { PauseStore } from './PauseStore';
import './pause-bar.css';

/**
 * The board's pause row: "Bestellungen pausieren" for 15 / 30 / 60 minutes or until the next opening in
 * one tap (options: delivery only, pre-orders for later, a message for customers), and "Viel los: +20 Min".
 * While a pause or busy mode lasts, the row says until when and offers to end it.
 */
export const PauseBar = observer(function PauseBar({ pauses, now }: { pauses: PauseStore; now: Date }) {
  const id = useId();
  useEffect(() => {
    void pauses.load();
  }, [pauses]);
  const branch = pauses.selected;
  if (!branch) return null;
  const pause = pauses.pauseOf(branch, now);
  const busy = pauses.busyOf(branch, now);
  return (
    <section className={`pause-bar${pause ? ' pause-bar--paused' : ''}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        Bestellannahme
      </h2>
      {pauses.branches.length > 1 && (
        <label className="pause-bar__branch">
          <span>Filiale</span>
          <select value={branch.id} onChange={(e) => pauses.select(Number(e.target.value))}>
            {pauses.branches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {pause ? (
        <div className="pause-bar__state" role="status">
          <strong>Pausiert: </strong>
          {pauseSentence(pause, now, branch.timeZone)}
          {pause.message && <span className="pause-bar__message"> „{pause.message}“</span>}
          <button
            type="button"
            className="button button--primary"
            disabled={pauses.busy}
            onClick={() => void pauses.resume()}
          >
            Bestellungen wieder annehmen
          </button>
        </div>
      ) : (
        <div className="pause-bar__actions" role="group" aria-label="Bestellungen pausieren">
          <span className="pause-bar__label">Bestellungen pausieren:</span>
          {PAUSE_MINUTES.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className="button button--ghost"
              disabled={pauses.busy}
              onClick={() => void pauses.pause(minutes)}
            >
              {minutes} Min
            </button>
          ))}
          <button
            type="button"
            className="button button--ghost"
            disabled={pauses.busy}
            onClick={() => void pauses.pause('nextOpening')}
          >
            Bis zur nächsten Öffnung
          </button>
          <details className="pause-bar__options">
            <summary>Optionen</summary>
            <label>
              <input
                type="checkbox"
                checked={pauses.deliveryOnly}
                onChange={(e) => pauses.setDeliveryOnly(e.target.checked)}
              />{' '}
              Nur Lieferung pausieren
            </label>
            <label>
              <input
                type="checkbox"
                checked={pauses.allowPreorders}
                onChange={(e) => pauses.setAllowPreorders(e.target.checked)}
              />{' '}
              Vorbestellungen für später weiter annehmen
            </label>
            <label className="pause-bar__text">
              <span>Hinweis für Kundinnen und Kunden</span>
              <input
                type="text"
                maxLength={300}
                value={pauses.message}
                placeholder="z. B. Unsere Küche ist gerade voll ausgelastet."
                onChange={(e) => pauses.setMessage(e.target.value)}
              />
            </label>
          </details>
        </div>
      )}
      <div className="pause-bar__busy">
        {busy ? (
          <button
            type="button"
            className="button button--warning"
            aria-pressed="true"
            disabled={pauses.busy}
            onClick={() => void pauses.endBusy()}
          >
            Viel los: +{busy.extraMinutes} Min bis {formatTime(new Date(busy.until), branch.timeZone)} Uhr –
            beenden
          </button>
        ) : (
          <button
            type="button"
            className="button button--ghost"
            aria-pressed="false"
            disabled={pauses.busy}
            onClick={() => void pauses.startBusy()}
          >
            Viel los: +{BUSY_EXTRA_MINUTES} Min
          </button>
        )}
      </div>
    </section>
  );
});

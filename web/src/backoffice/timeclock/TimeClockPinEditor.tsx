import { TIME_CLOCK_PIN_PATTERN } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { ApiRequestError } from '../../api/ApiClient';
import type { CustomEditorProps } from '../editors/types';
import { useStores } from '../stores';
import '../devices/devices.css';

/**
 * The user form's "PIN für die Zeiterfassung" (a virtual field): sets or removes the PIN the employee types
 * at the time clock (`PUT /api/time-tracking/pins/{id}`). The PIN is never shown again, only replaced.
 */
export const TimeClockPinEditor = observer(function TimeClockPinEditor({
  id,
  disabled,
  label,
}: CustomEditorProps) {
  const { api } = useStores();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!id) {
    return (
      <section className="bo-pairing" aria-label={label}>
        <p className="bo-pairing__hint">
          Bitte speichern Sie den Benutzer zuerst; danach können Sie eine PIN setzen.
        </p>
      </section>
    );
  }
  const save = async (value: string | null) => {
    setDone(null);
    if (value !== null && !TIME_CLOCK_PIN_PATTERN.test(value)) {
      setError('Die PIN muss aus 4 bis 8 Ziffern bestehen.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.put(`/api/time-tracking/pins/${id}`, { pin: value });
      setPin('');
      setDone(
        value === null
          ? 'PIN entfernt: dieser Benutzer kann sich an der Zeiterfassung nicht mehr anmelden.'
          : 'PIN gespeichert.',
      );
    } catch (e) {
      setError(
        e instanceof ApiRequestError
          ? (e.messageFor('pin') ?? e.message)
          : 'PIN konnte nicht gespeichert werden.',
      );
    } finally {
      setBusy(false);
    }
  };
  const inputId = `bo-timeclock-pin-${id}`;
  return (
    <section className="bo-pairing" aria-label={label}>
      <p className="bo-pairing__hint">
        4 bis 8 Ziffern, mit denen sich der Benutzer an der Zeiterfassung (Tablet am Personaleingang)
        anmeldet. Die PIN wird nur verschlüsselt gespeichert und nie wieder angezeigt.
      </p>
      <label htmlFor={inputId}>Neue PIN</label>
      <div className="bo-pairing__row">
        <input
          id={inputId}
          className="bo-pairing__code"
          inputMode="numeric"
          autoComplete="new-password"
          type="password"
          maxLength={8}
          value={pin}
          disabled={disabled || busy}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <button
          type="button"
          className="button button--primary"
          disabled={disabled || busy}
          onClick={() => void save(pin)}
        >
          PIN setzen
        </button>
        <button type="button" className="button" disabled={disabled || busy} onClick={() => void save(null)}>
          PIN entfernen
        </button>
      </div>
      {error && (
        <p className="form__error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="alert alert--success" role="status">
          {done}
        </p>
      )}
    </section>
  );
});

import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { CustomEditorProps } from '../editors/types';
import { useStores } from '../stores';
import { DevicePairingStore } from './DevicePairingStore';
import './devices.css';

const formatTime = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('de-AT', {
        dateStyle: 'short',
        timeStyle: 'medium',
        timeZone: 'Europe/Vienna',
      }).format(new Date(iso))
    : 'nie';

/**
 * The terminal's QR opens `/backend/devices?pair=K7QM-4TZP`. The code is kept for this tab as the back
 * office loads (this module loads with it), so it is still there when the administrator, maybe after
 * signing in, opens the device.
 */
const PENDING_CODE = 'bo-pairing-code';
if (typeof window !== 'undefined') {
  const fromQr = new URLSearchParams(window.location.search).get('pair');
  if (fromQr) window.sessionStorage.setItem(PENDING_CODE, fromQr);
}
const pendingCode = () =>
  typeof window === 'undefined' ? '' : (window.sessionStorage.getItem(PENDING_CODE) ?? '');

/**
 * The device form's pairing panel (editor key `devicePairing`): paired or not, online or offline, the code
 * from the terminal's screen, unpairing, the device tests and the terminal's uploaded logs. Works on the
 * saved device only; it owns no form value.
 */
export const DevicePairingEditor = observer(function DevicePairingEditor({
  id,
  disabled,
  label,
}: CustomEditorProps) {
  const root = useStores();
  const [store] = useState(() => (id ? new DevicePairingStore(root.api, root.errors, id) : null));
  useEffect(() => {
    if (!store) return;
    const fromQr = pendingCode();
    if (fromQr) store.setCode(fromQr);
    void store.load();
    // Online state and logs change on the terminal's side: look again now and then.
    const timer = setInterval(() => void store.load(), 10_000);
    return () => clearInterval(timer);
  }, [store]);

  if (!store) {
    return (
      <section className="bo-pairing" aria-label={label}>
        <h3 className="bo-pairing__title">{label}</h3>
        <p className="bo-pairing__hint">
          Bitte speichern Sie das Gerät zuerst; danach können Sie ein Terminal koppeln.
        </p>
      </section>
    );
  }
  const status = store.status;
  const logs = status?.logs;
  return (
    <section className="bo-pairing" aria-label={label} data-testid="device-pairing">
      <h3 className="bo-pairing__title">{label}</h3>
      <dl className="bo-pairing__facts">
        <dt>Kopplung</dt>
        <dd data-testid="device-paired">
          {status
            ? status.paired
              ? `gekoppelt (Schlüssel ${status.apiKeyHint ?? ''})`
              : 'nicht gekoppelt'
            : '…'}
        </dd>
        <dt>Verbindung</dt>
        <dd>
          <span
            className={`bo-pairing__badge ${status?.online ? 'bo-pairing__badge--online' : 'bo-pairing__badge--offline'}`}
            data-testid="device-online"
          >
            {status?.online ? 'online' : 'offline'}
          </span>{' '}
          <span className="bo-pairing__muted">zuletzt gesehen: {formatTime(status?.lastSeenAt ?? null)}</span>
        </dd>
      </dl>

      <div className="bo-pairing__pair">
        <label htmlFor={`bo-pairing-code-${id}`}>Kopplungscode vom Terminal</label>
        <div className="bo-pairing__row">
          <input
            id={`bo-pairing-code-${id}`}
            className="bo-pairing__code"
            value={store.code}
            placeholder="ABCD-EF23"
            autoComplete="off"
            spellCheck={false}
            maxLength={9}
            disabled={disabled || store.busy}
            aria-invalid={store.codeError ? 'true' : undefined}
            aria-describedby={store.codeError ? `bo-pairing-error-${id}` : undefined}
            onChange={(e) => store.setCode(e.target.value)}
            onKeyDown={(e) => {
              // Inside the device form: Enter pairs, it does not submit the form.
              if (e.key === 'Enter') {
                e.preventDefault();
                void store.pair().then((ok) => ok && window.sessionStorage.removeItem(PENDING_CODE));
              }
            }}
          />
          <button
            type="button"
            className="button button--primary"
            disabled={disabled || store.busy || !store.code}
            onClick={() =>
              void store.pair().then((ok) => ok && window.sessionStorage.removeItem(PENDING_CODE))
            }
          >
            {status?.paired ? 'Neu koppeln' : 'Koppeln'}
          </button>
          {status?.paired && (
            <button type="button" className="button" disabled={disabled} onClick={() => void store.unpair()}>
              Entkoppeln
            </button>
          )}
        </div>
        {store.codeError && (
          <p className="form__error" id={`bo-pairing-error-${id}`} role="alert">
            {store.codeError}
          </p>
        )}
      </div>

      {store.notice && (
        <p className="alert alert--success" role="status">
          {store.notice}
        </p>
      )}

      <div className="bo-pairing__row" aria-label="Gerätetests">
        <button
          type="button"
          className="button"
          disabled={disabled}
          onClick={() => void store.testNotification()}
        >
          Testbenachrichtigung
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => void store.testPrint()}>
          Testdruck
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => void store.requestLogs()}>
          Logs anfordern
        </button>
      </div>

      {logs && (
        <div className="bo-pairing__logs">
          <h4 className="bo-pairing__subtitle">
            Logs{' '}
            <span className="bo-pairing__muted">
              {logs.uploadedAt
                ? `hochgeladen ${formatTime(logs.uploadedAt)}`
                : `angefordert ${formatTime(logs.requestedAt)}, warte auf das Terminal …`}
            </span>
          </h4>
          {logs.lines.length > 0 && (
            <pre className="bo-pairing__log" data-testid="device-logs" tabIndex={0}>
              {logs.lines.join('\n')}
            </pre>
          )}
        </div>
      )}
    </section>
  );
});

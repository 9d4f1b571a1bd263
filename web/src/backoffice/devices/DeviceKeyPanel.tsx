import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../api/ApiClient';
import { QrImage } from '../../components/QrImage';
import { useStores } from '../stores';

/** A ready address the key opens, with what it is for. */
interface KeyLink {
  label: string;
  url: string;
}

/**
 * The addresses a device key opens, by device type (docs/decisions/settings.md): the ticket screen for a
 * ticket screen or front desk, the staff time clock for a front desk or back-office tablet, the kiosk face
 * with its settings for a kiosk.
 */
export function keyLinks(
  origin: string,
  type: string,
  branch: { id: number; identifier: string } | null,
  key: string,
  station: number | null = null,
): KeyLink[] {
  if (!branch) return [];
  const k = encodeURIComponent(key);
  const links: KeyLink[] = [];
  if (type === 'ticket-screen' || type === 'frontdesk')
    links.push({ label: 'Abholbildschirm', url: `${origin}/frontdesk/${branch.id}/${k}` });
  if (type === 'backoffice' || type === 'frontdesk')
    links.push({ label: 'Zeiterfassung', url: `${origin}/zeiterfassung/${branch.id}/${k}` });
  // The kitchen display of the device's `station` setting (docs/decisions/kitchen.md).
  if (type === 'kitchen-display' && station)
    links.push({ label: 'Küchendisplay', url: `${origin}/kitchen/${branch.id}/${station}#geraet=${k}` });
  if (type === 'kiosk')
    links.push({
      label: 'Kiosk',
      url: `${origin}/kiosk/${encodeURIComponent(branch.identifier)}#geraet=${k}`,
    });
  return links;
}

/**
 * The device form's key panel: issue the device key, show it once with its ready addresses, a copy button
 * and a QR code each, and rotate it after a confirmation (the old key stops at once:
 * `POST /api/devices/{id}/api-key`).
 */
export function DeviceKeyPanel({
  id,
  type,
  branchId,
  hasKey,
  station = null,
}: {
  id: number | null;
  type: string;
  branchId: number | null;
  hasKey: boolean;
  /** A kitchen display's station (its `station` setting). */
  station?: number | null;
}) {
  const { api } = useStores();
  const [issued, setIssued] = useState<{ key: string; links: KeyLink[] } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [keyExists, setKeyExists] = useState(hasKey);
  useEffect(() => setKeyExists(hasKey), [hasKey]);

  if (!id) {
    return (
      <p className="bo-field__hint">
        Bitte speichern Sie das Gerät zuerst; danach erhält es einen Schlüssel.
      </p>
    );
  }

  const issue = async () => {
    setConfirming(false);
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ apiKey: string }>(`/api/devices/${id}/api-key`);
      const branch = branchId
        ? await api.get<{ id: number; identifier: string }>(`/api/branches/${branchId}`)
        : null;
      setIssued({
        key: answer.apiKey,
        links: keyLinks(window.location.origin, type, branch, answer.apiKey, station),
      });
      setKeyExists(true);
      setCopied(null);
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : 'Der Schlüssel konnte nicht erzeugt werden.');
    } finally {
      setBusy(false);
    }
  };
  const copy = async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      setCopied(null);
      setError('Kopieren ist in diesem Browser nicht erlaubt; bitte markieren und kopieren.');
    }
  };

  return (
    <section className="bo-key" aria-labelledby={`bo-key-${id}`}>
      <h3 className="bo-pairing__title" id={`bo-key-${id}`}>
        Geräteschlüssel
      </h3>
      {!issued && (
        <p className="bo-field__hint">
          {keyExists
            ? 'Das Gerät hat einen Schlüssel. Er wird nur beim Erzeugen angezeigt; ein neuer ersetzt ihn sofort.'
            : 'Das Gerät hat noch keinen Schlüssel.'}
        </p>
      )}
      {issued && (
        <div className="bo-key__issued" role="status">
          <p className="alert alert--success">
            Neuer Schlüssel erzeugt. Er wird nur jetzt angezeigt – bitte gleich einrichten oder kopieren.
          </p>
          <div className="bo-key__row">
            <code className="bo-key__value" data-testid="device-key">
              {issued.key}
            </code>
            <button type="button" className="button" onClick={() => void copy(issued.key, 'key')}>
              {copied === 'key' ? 'Kopiert' : 'Schlüssel kopieren'}
            </button>
          </div>
          {issued.links.map((link) => (
            <figure className="bo-key__link" key={link.url}>
              <QrImage url={link.url} alt={`QR-Code: ${link.label}`} className="bo-key__qr" />
              <figcaption>
                <strong>{link.label}</strong>
                <a className="bo-key__url" href={link.url} target="_blank" rel="noreferrer">
                  {link.url}
                </a>
                <button type="button" className="button" onClick={() => void copy(link.url, link.url)}>
                  {copied === link.url ? 'Kopiert' : 'Adresse kopieren'}
                </button>
              </figcaption>
            </figure>
          ))}
          <button type="button" className="button button--secondary" onClick={() => setIssued(null)}>
            Fertig
          </button>
        </div>
      )}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {!issued && !confirming && (
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => (keyExists ? setConfirming(true) : void issue())}
        >
          {keyExists ? 'Schlüssel erneuern' : 'Schlüssel erzeugen'}
        </button>
      )}
      {confirming && (
        <div className="bo-confirm" role="alertdialog" aria-labelledby={`bo-key-confirm-${id}`}>
          <p id={`bo-key-confirm-${id}`}>
            Schlüssel wirklich erneuern? Der bisherige Schlüssel hört sofort auf zu funktionieren; Bildschirme
            und Tablets mit der alten Adresse müssen neu eingerichtet werden.
          </p>
          <button type="button" className="button button--danger" onClick={() => void issue()}>
            Erneuern
          </button>
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            Abbrechen
          </button>
        </div>
      )}
    </section>
  );
}

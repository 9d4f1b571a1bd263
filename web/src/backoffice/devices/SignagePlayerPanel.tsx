import type { SignagePlayerState } from '@ordering/common';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../api/ApiClient';
import type { CustomEditorProps } from '../editors/types';
import { useStores } from '../stores';
import { QrImage } from '../../components/QrImage';
import { imageUrl } from '../../storefront/format';
import { takenCaption, useSignageScreenshot } from './useSignageScreenshot';
import './devices.css';

/** What the TV shows now, as the back office can show it: the segment's picture, render or video. */
type Preview = { kind: 'image' | 'video'; url: string; name: string } | { kind: 'none'; name: string };

interface SegmentRead {
  name: string;
  type: 'image' | 'video' | 'template';
  image?: { id: number; version: number; extension: string } | null;
  video?: { id: number; version: number; extension: string; publicHash: string } | null;
  template?: { id: number } | null;
  templateProduct?: { id: number } | null;
  templateBranch?: { id: number } | null;
  templateText?: string;
}

/** The file a segment plays, as the player fetches it (a template: its render with the segment's values). */
export function previewOf(segment: SegmentRead): Preview {
  if (segment.type === 'image' && segment.image)
    return { kind: 'image', url: imageUrl(segment.image, 'large'), name: segment.name };
  if (segment.type === 'video' && segment.video) {
    const v = segment.video;
    return {
      kind: 'video',
      url: `/upload/${v.publicHash}/${v.id}-${v.version}.${v.extension}`,
      name: segment.name,
    };
  }
  if (segment.type === 'template' && segment.template) {
    const query = new URLSearchParams();
    if (segment.templateProduct) query.set('product', String(segment.templateProduct.id));
    if (segment.templateBranch) query.set('branch', String(segment.templateBranch.id));
    if (segment.templateText) query.set('text', segment.templateText);
    const search = query.toString();
    return {
      kind: 'image',
      url: `/api/image-templates/${segment.template.id}/render.png${search ? `?${search}` : ''}`,
      name: segment.name,
    };
  }
  return { kind: 'none', name: segment.name };
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'medium' });

/**
 * The TV form's player panel (editor key `signagePlayer`, a virtual field; docs/decisions/signage.md): the
 * player's state as its heartbeats report it (online within 90 s, the segment on screen, the cache, the
 * newest errors), and the player key: issued once with its address `/signage/{identifier}/{key}` and a QR
 * code, renewed after a confirmation (`POST /api/digital-signage-devices/{id}/api-key`).
 */
export function SignagePlayerPanel({ entity, id, label }: CustomEditorProps<unknown>) {
  const { api } = useStores();
  const [issued, setIssued] = useState<{ key: string; url: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [keyExists, setKeyExists] = useState(Boolean(entity.apiKeyHint));
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => setKeyExists(Boolean(entity.apiKeyHint)), [entity.apiKeyHint]);
  const screenshot = useSignageScreenshot(api, id ?? 0, entity as Parameters<typeof useSignageScreenshot>[2]);

  if (!id) {
    return (
      <p className="bo-field__hint">
        Bitte speichern Sie den Bildschirm zuerst; danach erhält er seine Player-Adresse.
      </p>
    );
  }
  // While a screenshot is awaited the TV is read again: its newest report wins over the form's.
  const tv = screenshot.fresh ?? entity;
  const state = (tv.playerState as SignagePlayerState | null | undefined) ?? null;
  const online = tv.connection === 'online';
  const lastSeenAt = (tv.lastSeenAt as string | null | undefined) ?? null;
  // Only a player in the desktop shell can photograph its screen; a browser player shows the segment's file.
  const canPhotograph = state?.capabilities?.includes('screenshot') ?? false;

  const issue = async () => {
    setConfirming(false);
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ key: string; url: string }>(
        `/api/digital-signage-devices/${id}/api-key`,
      );
      setIssued({ key: answer.key, url: `${window.location.origin}${answer.url}` });
      setKeyExists(true);
      setCopied(false);
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : 'Die Player-Adresse konnte nicht erzeugt werden.');
    } finally {
      setBusy(false);
    }
  };
  /** On request: the picture of the segment the TV reported last (a browser player cannot take a screenshot). */
  const showPreview = async (segmentId: number) => {
    setError(null);
    try {
      setPreview(previewOf(await api.get<SegmentRead>(`/api/digital-signage-segments/${segmentId}`)));
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : 'Die Filmsequenz konnte nicht geladen werden.');
    }
  };
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setError('Kopieren ist in diesem Browser nicht erlaubt; bitte markieren und kopieren.');
    }
  };

  return (
    <section className="bo-key bo-signage" aria-label={label}>
      <h3 className="bo-pairing__title">Player</h3>
      <dl className="bo-signage__state" data-testid="signage-state">
        <div>
          <dt>Verbindung</dt>
          <dd>
            <span
              className={online ? 'bo-signage__dot bo-signage__dot--on' : 'bo-signage__dot'}
              aria-hidden="true"
            />
            {online ? 'online' : 'offline'}
            {lastSeenAt ? ` · zuletzt gesehen ${dateTime(lastSeenAt)}` : ' · noch nie gesehen'}
          </dd>
        </div>
        <div>
          <dt>Läuft gerade</dt>
          <dd>
            {state?.current ? `${state.current.name} (Position ${state.current.position + 1})` : '–'}
            {state?.current && !canPhotograph && (
              <button
                type="button"
                className="button button--small bo-signage__preview-button"
                onClick={() => void showPreview(state.current!.id)}
              >
                Bild anzeigen
              </button>
            )}
            {canPhotograph && (
              <button
                type="button"
                className="button button--small bo-signage__preview-button"
                disabled={screenshot.waiting}
                onClick={() => void screenshot.request()}
              >
                Bildschirmfoto anfordern
              </button>
            )}
            {screenshot.waiting && (
              <span className="bo-signage__waiting" role="status">
                Angefordert – der Bildschirm schickt es mit seinem nächsten Lebenszeichen (bis 30 s) …
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>Zwischenspeicher</dt>
          <dd>{state ? `${state.cache.cached} von ${state.cache.total} Dateien` : '–'}</dd>
        </div>
        <div>
          <dt>Letzte Fehler</dt>
          <dd>
            {state && state.errors.length > 0 ? (
              <ul className="bo-signage__errors">
                {state.errors.slice(0, 5).map((e) => (
                  <li key={`${e.at}-${e.message}`}>
                    {dateTime(e.at)}: {e.message}
                  </li>
                ))}
              </ul>
            ) : (
              'keine'
            )}
          </dd>
        </div>
      </dl>
      {screenshot.error && (
        <p className="form__error" role="alert">
          {screenshot.error}
        </p>
      )}
      {screenshot.url && screenshot.takenAt && (
        <figure className="bo-signage__preview" data-testid="signage-screenshot">
          <img src={screenshot.url} alt="Bildschirmfoto des Bildschirms" />
          <figcaption>{takenCaption(screenshot.takenAt)}</figcaption>
        </figure>
      )}
      {preview && (
        <figure className="bo-signage__preview" data-testid="signage-preview">
          {preview.kind === 'image' && <img src={preview.url} alt={`Läuft gerade: ${preview.name}`} />}
          {preview.kind === 'video' && (
            <video src={preview.url} muted preload="metadata" aria-label={`Läuft gerade: ${preview.name}`} />
          )}
          {preview.kind === 'none' && <p>Für „{preview.name}“ gibt es keine Datei mehr.</p>}
          <figcaption>
            Die Datei der Filmsequenz, die der Bildschirm zuletzt gemeldet hat (kein Foto des Bildschirms).
          </figcaption>
        </figure>
      )}

      {!issued && (
        <p className="bo-field__hint">
          {keyExists
            ? 'Der Bildschirm hat eine Player-Adresse. Sie wird nur beim Erzeugen angezeigt; eine neue ersetzt sie sofort.'
            : 'Erzeugen Sie die Player-Adresse und öffnen Sie sie im Browser des Fernsehers (oder scannen Sie den QR-Code).'}
        </p>
      )}
      {issued && (
        <div className="bo-key__issued" role="status">
          <p className="alert alert--success">
            Player-Adresse erzeugt. Sie wird nur jetzt angezeigt – bitte gleich am Fernseher öffnen oder
            kopieren.
          </p>
          <figure className="bo-key__link">
            <QrImage url={issued.url} alt="QR-Code: Player-Adresse" className="bo-key__qr" />
            <figcaption>
              <strong>Player-Adresse</strong>
              <a
                className="bo-key__url"
                href={issued.url}
                target="_blank"
                rel="noreferrer"
                data-testid="signage-url"
              >
                {issued.url}
              </a>
              <button type="button" className="button" onClick={() => void copy(issued.url)}>
                {copied ? 'Kopiert' : 'Adresse kopieren'}
              </button>
            </figcaption>
          </figure>
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
          {keyExists ? 'Player-Adresse erneuern' : 'Player-Adresse erzeugen'}
        </button>
      )}
      {confirming && (
        <div className="bo-confirm" role="alertdialog" aria-labelledby={`bo-signage-confirm-${id}`}>
          <p id={`bo-signage-confirm-${id}`}>
            Player-Adresse wirklich erneuern? Die bisherige Adresse hört sofort auf zu funktionieren; der
            Fernseher muss mit der neuen Adresse eingerichtet werden.
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

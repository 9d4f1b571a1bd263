import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';

/** While waiting for a screenshot, the TV is read this often … */
export const SCREENSHOT_POLL_MS = 2_000;
/** … for at most this long (the player asks with its next heartbeat, every 30 s). */
export const SCREENSHOT_WAIT_MS = 60_000;

export const SCREENSHOT_TEXTS = {
  requestFailed: 'Das Bildschirmfoto konnte nicht angefordert werden.',
  noAnswer:
    'Der Bildschirm hat innerhalb einer Minute kein Bildschirmfoto geschickt. Ist er online? Die Anforderung bleibt bestehen.',
};

interface TvScreenshotRead {
  screenshotRequestedAt?: string | null;
  screenshotTakenAt?: string | null;
  [field: string]: unknown;
}

/**
 * The TV's screenshot on request (docs/decisions/signage.md): asks for one
 * (`POST …/screenshot-request`), then reads the TV every {@link SCREENSHOT_POLL_MS} until a screenshot
 * newer than the request has arrived or {@link SCREENSHOT_WAIT_MS} have passed.
 */
export function useSignageScreenshot(api: ApiClient, id: number | string, entity: TvScreenshotRead) {
  const [takenAt, setTakenAt] = useState<string | null>(entity.screenshotTakenAt ?? null);
  const [waitingSince, setWaitingSince] = useState<string | null>(entity.screenshotRequestedAt ?? null);
  const [error, setError] = useState<string | null>(null);
  /** The TV as last read while waiting (its player state is newer than the form's). */
  const [fresh, setFresh] = useState<TvScreenshotRead | null>(null);

  useEffect(() => {
    if (!waitingSince) return;
    let stopped = false;
    const started = Date.now();
    const timer = setInterval(() => {
      void api
        .get<TvScreenshotRead>(`/api/digital-signage-devices/${id}`)
        .then((tv) => {
          if (stopped) return;
          setFresh(tv);
          if (tv.screenshotTakenAt && tv.screenshotTakenAt >= waitingSince) {
            setTakenAt(tv.screenshotTakenAt);
            setWaitingSince(null);
          } else if (Date.now() - started > SCREENSHOT_WAIT_MS) {
            setWaitingSince(null);
            setError(SCREENSHOT_TEXTS.noAnswer);
          }
        })
        .catch(() => undefined);
    }, SCREENSHOT_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api, id, waitingSince]);

  const request = useCallback(async () => {
    setError(null);
    try {
      const answer = await api.post<{ screenshotRequestedAt: string }>(
        `/api/digital-signage-devices/${id}/screenshot-request`,
      );
      setWaitingSince(answer.screenshotRequestedAt);
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : SCREENSHOT_TEXTS.requestFailed);
    }
  }, [api, id]);

  return {
    /** When the newest screenshot arrived, or null. */
    takenAt,
    /** Its address (a new one for each picture, so the browser shows the new one). */
    url: takenAt ? `/api/digital-signage-devices/${id}/screenshot?t=${encodeURIComponent(takenAt)}` : null,
    waiting: waitingSince !== null,
    error,
    fresh,
    request,
  };
}

/** "Aufgenommen um 14:05", with the date when not today. */
export function takenCaption(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString('de-DE', { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString()
    ? `Aufgenommen um ${time}`
    : `Aufgenommen am ${at.toLocaleDateString('de-DE')} um ${time}`;
}

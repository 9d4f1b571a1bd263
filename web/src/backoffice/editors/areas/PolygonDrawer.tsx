import type { Config, DeliveryPolygon } from '@ordering/common';
import { useEffect, useRef, useState } from 'react';
import { styleUrlOf } from '../../../storefront/content/maps/mapOptions';
import { useStores } from '../../stores';
import { drawablePoints, polygonOfPoints, type EditedArea, type LngLat } from './deliveryAreas';
import type { DrawingMap } from './polygonMap';

export const MAP_CONFIG_LOAD_FAILED = 'Die Kartenkonfiguration konnte nicht geladen werden.';

type MapState = 'loading' | 'ready' | 'no-style' | 'no-center' | 'failed';

/**
 * The drawing tool of a delivery area (docs/decisions/delivery.md): the shop's map around the branch; each
 * click sets a corner, "Letzten Punkt entfernen" and "Neu beginnen" correct, "Übernehmen" writes the shape
 * into the area's polygon (the GeoJSON field stays the way to paste or fine-tune). It opens on a click
 * only: the map provider learns the manager's address, as with any map.
 */
export function PolygonDrawer({
  polygon,
  branch,
  areaName,
  onApply,
  onClose,
}: {
  polygon: EditedArea['polygon'];
  /** The branch's coordinates from the form, if entered. */
  branch: LngLat | null;
  areaName: string;
  onApply(polygon: DeliveryPolygon): void;
  onClose(): void;
}) {
  const root = useStores();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<DrawingMap | null>(null);
  const [points, setPoints] = useState<LngLat[]>(() => drawablePoints(polygon));
  const [state, setState] = useState<MapState>('loading');
  const start = useRef(points);

  useEffect(() => {
    let live = true;
    let created: DrawingMap | null = null;
    void (async () => {
      const config = await root.errors.run(MAP_CONFIG_LOAD_FAILED, () => root.api.get<Config>('/api/config'));
      if (!live) return;
      const styleUrl = config ? styleUrlOf(config) : null;
      if (!styleUrl) return setState(config ? 'no-style' : 'failed');
      const center = branch ?? start.current[0] ?? null;
      if (!center) return setState('no-center');
      const { createDrawingMap } = await import('./polygonMap');
      if (!live || !container.current) return;
      created = createDrawingMap(container.current, {
        styleUrl,
        center,
        branch,
        onPoint: (point) => setPoints((current) => [...current, point]),
        onFail: () => live && setState('failed'),
      });
      map.current = created;
      setState('ready');
    })();
    return () => {
      live = false;
      created?.remove();
      map.current = null;
    };
  }, [root, branch]);

  useEffect(() => {
    map.current?.show(points);
  }, [points, state]);

  const drawn = polygonOfPoints(points);
  const title = `Liefergebiet ${areaName.trim() || 'ohne Namen'} auf der Karte zeichnen`;
  return (
    <div className="ed-drawer" role="group" aria-label={title}>
      <p className="ed-drawer__hint">
        Klicken Sie nacheinander auf die Ecken des Gebiets; mindestens drei Punkte ergeben eine Fläche.
      </p>
      {state === 'no-style' && (
        <p className="form__error" role="alert">
          Für die Karte fehlt die Kartenkonfiguration: Einstellungen › Karte (Stil-URL und Zugangsschlüssel).
          Ein Polygon kann weiterhin als GeoJSON eingefügt werden.
        </p>
      )}
      {state === 'no-center' && (
        <p className="form__error" role="alert">
          Die Filiale hat noch keine Koordinaten: Bitte zuerst Breiten- und Längengrad der Filiale eintragen.
        </p>
      )}
      {state === 'failed' && (
        <p className="form__error" role="alert">
          Die Karte konnte nicht geladen werden. Ein Polygon kann weiterhin als GeoJSON eingefügt werden.
        </p>
      )}
      {(state === 'loading' || state === 'ready') && (
        <div ref={container} className="ed-drawer__map" data-testid="area-drawing-map" />
      )}
      <div className="ed-row">
        <span className="ed-drawer__count" aria-live="polite">
          {points.length === 1 ? '1 Punkt' : `${points.length} Punkte`}
        </span>
        <button
          type="button"
          className="button button--ghost"
          disabled={points.length === 0}
          onClick={() => setPoints((current) => current.slice(0, -1))}
        >
          Letzten Punkt entfernen
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={points.length === 0}
          onClick={() => setPoints([])}
        >
          Neu beginnen
        </button>
        <span className="ed-row__spacer" />
        <button type="button" className="button button--ghost" onClick={onClose}>
          Abbrechen
        </button>
        <button
          type="button"
          className="button"
          disabled={!drawn}
          onClick={() => {
            if (drawn) onApply(drawn);
          }}
        >
          Übernehmen
        </button>
      </div>
    </div>
  );
}

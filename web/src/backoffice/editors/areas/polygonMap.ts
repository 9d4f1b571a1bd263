// The map of the delivery-area drawing tool: a chunk of its own (MapLibre), loaded only when a manager opens
// the tool. A click sets a point; the drawn ring shows as a filled shape with its corners.
import { Map as MapLibreMap, Marker, setWorkerUrl, type GeoJSONSource } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { LngLat } from './deliveryAreas';

setWorkerUrl(workerUrl);

export interface DrawingMapOptions {
  styleUrl: string;
  /** Where the map opens: the branch, else the first drawn point. */
  center: LngLat;
  /** The branch's pin, when it has coordinates. */
  branch: LngLat | null;
  /** A click on the map adds this point. */
  onPoint(point: LngLat): void;
  /** The style could not be loaded (offline, wrong token) or WebGL is missing. */
  onFail(): void;
}

export interface DrawingMap {
  /** Shows these points as the shape being drawn. */
  show(points: readonly LngLat[]): void;
  remove(): void;
}

const SOURCE = 'drawn-area';

/** The GeoJSON MapLibre's source takes. */
type ShapeData = Parameters<GeoJSONSource['setData']>[0];

function shapeOf(points: readonly LngLat[]): ShapeData {
  const corners = points.map((point) => ({
    type: 'Feature' as const,
    properties: {},
    geometry: { type: 'Point' as const, coordinates: point },
  }));
  const outline =
    points.length >= 3
      ? { type: 'Polygon' as const, coordinates: [[...points, points[0]!]] }
      : { type: 'LineString' as const, coordinates: [...points] };
  const shape = points.length >= 2 ? [{ type: 'Feature' as const, properties: {}, geometry: outline }] : [];
  return { type: 'FeatureCollection', features: [...corners, ...shape] };
}

export function createDrawingMap(container: HTMLElement, options: DrawingMapOptions): DrawingMap {
  let map: MapLibreMap;
  let loaded = false;
  let pending: readonly LngLat[] = [];
  try {
    map = new MapLibreMap({
      container,
      style: options.styleUrl,
      center: options.center,
      zoom: 12.5,
      attributionControl: { compact: true },
    });
  } catch {
    options.onFail();
    return { show: () => undefined, remove: () => undefined };
  }
  map.getCanvas().style.cursor = 'crosshair';
  if (options.branch) new Marker({ color: '#c2410c' }).setLngLat(options.branch).addTo(map);
  map.on('load', () => {
    loaded = true;
    map.addSource(SOURCE, { type: 'geojson', data: shapeOf(pending) });
    map.addLayer({
      id: `${SOURCE}-fill`,
      type: 'fill',
      source: SOURCE,
      filter: ['==', '$type', 'Polygon'],
      paint: { 'fill-color': '#c2410c', 'fill-opacity': 0.2 },
    });
    map.addLayer({
      id: `${SOURCE}-line`,
      type: 'line',
      source: SOURCE,
      filter: ['in', '$type', 'Polygon', 'LineString'],
      paint: { 'line-color': '#c2410c', 'line-width': 2 },
    });
    map.addLayer({
      id: `${SOURCE}-points`,
      type: 'circle',
      source: SOURCE,
      filter: ['==', '$type', 'Point'],
      paint: {
        'circle-radius': 5,
        'circle-color': '#fff',
        'circle-stroke-color': '#c2410c',
        'circle-stroke-width': 2,
      },
    });
    container.dataset.mapReady = 'true';
  });
  map.on('error', () => {
    if (!loaded) options.onFail();
  });
  map.on('click', (event) => options.onPoint([event.lngLat.lng, event.lngLat.lat]));
  return {
    show(points) {
      pending = points;
      if (loaded) (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(shapeOf(points));
    },
    remove: () => map.remove(),
  };
}

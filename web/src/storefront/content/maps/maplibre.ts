// The map library and its stylesheet: a chunk of its own, loaded only after consent.
import { LngLatBounds, Map as MapLibreMap, Marker, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { BUILDINGS_MIN_ZOOM, BUILDINGS_OPACITY, type MapMarker, type MapOptions } from './mapOptions';

// The worker is a file of the build (same origin), not a blob of inline code.
setWorkerUrl(workerUrl);

/** A pin that is a link: a click (or Enter) opens the directions in a new tab. */
function markerElement(marker: MapMarker): HTMLElement {
  const link = document.createElement('a');
  link.href = marker.directions;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.className = 'content-map__marker';
  link.setAttribute('aria-label', `Route zu ${marker.label} (öffnet in neuem Tab)`);
  link.title = marker.label;
  return link;
}

/** Extruded buildings from the style's vector source (OpenMapTiles' `building` layer), when it has one. */
function addBuildings(map: MapLibreMap): void {
  const style = map.getStyle();
  const source = Object.entries(style.sources ?? {}).find(([, s]) => s.type === 'vector')?.[0];
  if (!source || map.getLayer('content-3d-buildings')) return;
  map.addLayer({
    id: 'content-3d-buildings',
    type: 'fill-extrusion',
    source,
    'source-layer': 'building',
    minzoom: BUILDINGS_MIN_ZOOM,
    paint: {
      'fill-extrusion-color': '#b9bcc1',
      'fill-extrusion-height': ['coalesce', ['get', 'render_height'], ['get', 'height'], 6],
      'fill-extrusion-base': ['coalesce', ['get', 'render_min_height'], ['get', 'min_height'], 0],
      'fill-extrusion-opacity': BUILDINGS_OPACITY,
    },
  });
}

/**
 * Draws the map into `container`; `onFail` is called when the style cannot be loaded or WebGL is missing
 * (the caller then shows the address). Returns the function that removes the map.
 */
export function createMap(container: HTMLElement, options: MapOptions, onFail: () => void): () => void {
  const first = options.markers[0]!;
  let loaded = false;
  let map: MapLibreMap;
  try {
    map = new MapLibreMap({
      container,
      style: options.styleUrl,
      center: [first.longitude, first.latitude],
      zoom: options.zoom,
      pitch: options.pitch,
      bearing: options.bearing,
      attributionControl: { compact: true },
      cooperativeGestures: true,
    });
  } catch {
    onFail();
    return () => undefined;
  }
  if (options.markers.length > 1) {
    const bounds = new LngLatBounds();
    for (const marker of options.markers) bounds.extend([marker.longitude, marker.latitude]);
    map.fitBounds(bounds, {
      padding: 60,
      maxZoom: options.zoom,
      pitch: options.pitch,
      bearing: options.bearing,
      animate: false,
    });
  }
  for (const marker of options.markers)
    new Marker({ element: markerElement(marker), anchor: 'bottom' })
      .setLngLat([marker.longitude, marker.latitude])
      .addTo(map);
  map.on('load', () => {
    loaded = true;
    try {
      addBuildings(map);
    } catch {
      // A style without buildings draws flat.
    }
  });
  // Before the style has loaded an error means no map (offline, wrong token); later ones are missing tiles.
  map.on('error', () => {
    if (!loaded) onFail();
  });
  return () => map.remove();
}

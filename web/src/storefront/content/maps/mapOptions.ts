import type { Branch, Config } from '@ordering/common';
import { directionsHref } from '../links';

/** Map defaults (spec section 9). */
export const MAP_DEFAULTS = { zoom: 19, pitch: 55, bearing: -85 } as const;
/** 3D buildings show from this zoom on, at this opacity (spec section 9). */
export const BUILDINGS_MIN_ZOOM = 15;
export const BUILDINGS_OPACITY = 0.6;

/** One marker: where, what it is called, and the directions it opens. */
export interface MapMarker {
  latitude: number;
  longitude: number;
  label: string;
  directions: string;
}

export interface MapOptions {
  styleUrl: string;
  zoom: number;
  pitch: number;
  bearing: number;
  markers: MapMarker[];
}

/** Branches with coordinates as markers. */
export function markersOf(branches: readonly Branch[]): MapMarker[] {
  return branches.flatMap((branch) =>
    typeof branch.latitude === 'number' &&
    typeof branch.longitude === 'number' &&
    Number.isFinite(branch.latitude) &&
    Number.isFinite(branch.longitude)
      ? [
          {
            latitude: branch.latitude,
            longitude: branch.longitude,
            label: branch.name,
            directions: directionsHref(branch.latitude, branch.longitude),
          },
        ]
      : [],
  );
}

/**
 * The style URL with the token filled in, or null when there is nothing to load: no style configured, or a
 * style that needs a token (`{token}`) while none is configured.
 */
export function styleUrlOf(config: Partial<Config> | null): string | null {
  const url = config?.mapStyleUrl?.trim();
  if (!url) return null;
  const token = config?.mapAccessToken?.trim() ?? '';
  if (url.includes('{token}')) return token ? url.replaceAll('{token}', encodeURIComponent(token)) : null;
  return url;
}

/** Everything the map needs, or null when it must not load (plugin off, no style, no markers). */
export function mapOptionsOf(config: Partial<Config> | null, branches: readonly Branch[]): MapOptions | null {
  if (!config?.enablePluginMaps) return null;
  const styleUrl = styleUrlOf(config);
  const markers = markersOf(branches);
  if (!styleUrl || markers.length === 0) return null;
  return {
    styleUrl,
    zoom: config.mapZoom ?? MAP_DEFAULTS.zoom,
    pitch: config.mapPitch ?? MAP_DEFAULTS.pitch,
    bearing: config.mapBearing ?? MAP_DEFAULTS.bearing,
    markers,
  };
}

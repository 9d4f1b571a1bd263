import { Inject, Injectable } from '@nestjs/common';
import type { GeoPoint } from '@ordering/common';
import type { Logger } from 'pino';
import { APP_CONFIG, LOGGER } from '../core/tokens.js';
import type { AppConfig } from '../env/config.js';

/** The map settings a geocoding request reads (the shop configuration's map fields and market). */
export interface GeocoderSettings {
  mapStyleUrl: string | null | undefined;
  mapAccessToken: string | null | undefined;
  market?: string | null;
}

/** An address to find: street with number, postcode, city. */
export interface GeocodeQuery {
  street?: string | null;
  postcode?: string | null;
  city?: string | null;
}

/** Result kinds precise enough to place a house (a postcode's or a city's centre is not). */
const PRECISE = new Set(['address', 'road', 'street', 'poi']);

/**
 * Forward geocoding with the configured map provider and the shop's own token: MapTiler (the default
 * style, `GET {MAPTILER_API_URL}/geocoding/{query}.json?key=…`) or Mapbox (`GET {MAPBOX_API_URL}/geocoding/v5/
 * mapbox.places/{query}.json?access_token=…`), both answering a GeoJSON FeatureCollection whose features
 * carry `center: [longitude, latitude]` and `place_type`. The provider is the one the style URL points to.
 * Without a token, with another provider, without a precise result or when the provider cannot be reached
 * the answer is null, and the postcodes decide (docs/decisions/delivery.md).
 */
@Injectable()
export class Geocoder {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The request URL for the configured provider, or null when there is none to ask. */
  urlFor(settings: GeocoderSettings, query: GeocodeQuery): string | null {
    const token = settings.mapAccessToken?.trim();
    const style = settings.mapStyleUrl?.trim() ?? '';
    const text = [query.street, [query.postcode, query.city].filter((v) => v?.trim()).join(' ')]
      .map((v) => v?.trim())
      .filter(Boolean)
      .join(', ');
    if (!token || !text || !query.street?.trim()) return null;
    let host: string;
    try {
      host = new URL(style.replaceAll('{token}', 'x')).hostname;
    } catch {
      return null;
    }
    const country = settings.market ? `&country=${settings.market.toLowerCase()}` : '';
    const q = encodeURIComponent(text);
    if (host === 'maptiler.com' || host.endsWith('.maptiler.com'))
      return `${this.config.geocoding.maptilerApiUrl}/geocoding/${q}.json?key=${encodeURIComponent(token)}&limit=1${country}`;
    if (host === 'api.mapbox.com')
      return `${this.config.geocoding.mapboxApiUrl}/geocoding/v5/mapbox.places/${q}.json?access_token=${encodeURIComponent(token)}&limit=1&types=address,poi${country}`;
    return null;
  }

  /** The address's coordinates, or null (see the class). Never throws: a failure means "postcodes only". */
  async locate(settings: GeocoderSettings, query: GeocodeQuery): Promise<GeoPoint | null> {
    const url = this.urlFor(settings, query);
    if (!url) return null;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (!res.ok) {
        this.logger.warn({ status: res.status }, 'geocoding answered an error; postcodes decide');
        return null;
      }
      const body = (await res.json()) as {
        features?: Array<{ center?: unknown; place_type?: unknown }>;
      };
      const feature = body.features?.[0];
      const center = feature?.center;
      const types = Array.isArray(feature?.place_type) ? (feature.place_type as string[]) : [];
      if (
        !Array.isArray(center) ||
        typeof center[0] !== 'number' ||
        typeof center[1] !== 'number' ||
        !types.some((type) => PRECISE.has(type))
      )
        return null;
      return { longitude: center[0], latitude: center[1] };
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'geocoding failed; postcodes decide');
      return null;
    }
  }
}

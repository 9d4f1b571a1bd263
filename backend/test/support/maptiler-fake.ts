import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the MapTiler Geocoding API (docs.maptiler.com/cloud/api/geocoding, "Search by name
 * (forward)"): `GET /geocoding/{query}.json?key=…&limit=…&country=…` answers a GeoJSON FeatureCollection
 * whose features carry `place_type`, `place_name`, `center: [longitude, latitude]` and a Point geometry;
 * a wrong or missing key is 403 `{ "message": "Invalid key" }`. Addresses are taught with
 * {@link MapTilerFake.add}; an unknown one answers an empty collection, as MapTiler does.
 */
export class MapTilerFake {
  readonly requests: Array<{ query: string; key: string | null; country: string | null }> = [];
  private readonly places: Array<{ match: string; point: [number, number]; type: string }> = [];
  private server?: http.Server;
  url = '';

  constructor(private readonly key: string) {}

  /** Answers queries that contain `match` (case-insensitive) with the point `[longitude, latitude]`. */
  add(match: string, point: [number, number], type = 'address'): void {
    this.places.push({ match: match.toLowerCase(), point, type });
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const found = /^\/geocoding\/(.+)\.json$/.exec(url.pathname);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'GET' || !found) return send(404, { message: 'Not found' });
      const query = decodeURIComponent(found[1]!);
      const key = url.searchParams.get('key');
      this.requests.push({ query, key, country: url.searchParams.get('country') });
      if (key !== this.key) return send(403, { message: 'Invalid key' });
      const limit = Number(url.searchParams.get('limit') ?? 5);
      const features = this.places
        .filter((place) => query.toLowerCase().includes(place.match))
        .slice(0, limit)
        .map((place, index) => ({
          type: 'Feature',
          id: `${place.type}.${index + 1}`,
          text: query.split(',')[0],
          place_name: query,
          place_type: [place.type],
          relevance: 1,
          center: place.point,
          bbox: [...place.point, ...place.point],
          geometry: { type: 'Point', coordinates: place.point },
          properties: {},
        }));
      send(200, {
        type: 'FeatureCollection',
        features,
        query: query.toLowerCase().split(/[\s,]+/),
        attribution: '<a href="https://www.maptiler.com/copyright/" target="_blank">&copy; MapTiler</a>',
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

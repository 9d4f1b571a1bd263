/**
 * Which delivery area an address falls in (issue 25): postcode lists and ranges, a radius around the
 * branch, a GeoJSON polygon, and the rule that picks the first matching area. The backend decides with it
 * at order creation and in its public check; the storefront shows the answer before the menu.
 *
 * @packageDocumentation
 */
import type { DeliveryArea, DeliveryPolygon } from './contract/branch.js';
import type { Message } from './i18n/de.js';

/** A point in WGS84 degrees. */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** An inclusive range of postcodes of one length (`1080-1090`; a single postcode is `from === to`). */
export interface PostcodeRange {
  /** First postcode, digits only (leading zeros kept). */
  from: string;
  /** Last postcode, same number of digits as {@link PostcodeRange.from}. */
  to: string;
}

/** The result of {@link parsePostcodes}: the ranges, or the first error (a catalogue message). */
export type ParsedPostcodes = { ok: true; ranges: PostcodeRange[] } | { ok: false; error: Message };

const POSTCODE = /^\d{3,10}$/;

/**
 * Reads a postcode list as the back office enters it: postcodes and ranges separated by commas,
 * semicolons or line breaks (`"1070, 1080-1090"`; a range may have spaces around its dash). Postcodes are
 * digits (3 to 10, leading zeros kept: `01067`); a range's ends have the same number of digits and the
 * start is not after the end. Empty text is an empty list.
 */
export function parsePostcodes(text: string | null | undefined): ParsedPostcodes {
  const ranges: PostcodeRange[] = [];
  const entries = (text ?? '')
    .split(/[,;\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const [from = '', to = from, ...rest] = entry.split(/\s*[-–]\s*/);
    if (rest.length > 0 || !POSTCODE.test(from) || !POSTCODE.test(to))
      return { ok: false, error: { key: 'deliveryArea.postcodeInvalid', params: { value: entry } } };
    if (from.length !== to.length)
      return { ok: false, error: { key: 'deliveryArea.rangeLengths', params: { value: entry } } };
    if (from > to) return { ok: false, error: { key: 'deliveryArea.rangeReversed', params: { value: entry } } };
    ranges.push({ from, to });
  }
  return { ok: true, ranges };
}

/**
 * The postcode in what a customer typed: the first group of 4 or 5 digits (`"A-1070 Wien"` → `"1070"`,
 * `"01067"` → `"01067"`), or null when there is none.
 */
export function postcodeOf(input: string | null | undefined): string | null {
  return /(?:^|\D)(\d{4,5})(?!\d)/.exec(input ?? '')?.[1] ?? null;
}

/** Whether a postcode lies in one of the ranges (same number of digits, compared as digit strings). */
export function postcodeInRanges(postcode: string, ranges: readonly PostcodeRange[]): boolean {
  return ranges.some(
    (range) => postcode.length === range.from.length && postcode >= range.from && postcode <= range.to,
  );
}

/**
 * The postcodes an area that predates postcode lists gets from its name: the leading 4 or 5 digits
 * (`"1070 Neubau"` → `"1070"`), else empty (`"Innenstadt"` → `""`, to be entered in the back office).
 */
export function postcodesFromAreaName(name: string): string {
  return /^\s*(\d{4,5})(?!\d)/.exec(name)?.[1] ?? '';
}

/** Mean earth radius in km (IUGG). */
const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in km between two points (haversine formula). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Ray casting over one ring of `[longitude, latitude]` pairs (closed or not). */
function inRing(point: GeoPoint, ring: readonly number[][]): boolean {
  let inside = false;
  const x = point.longitude;
  const y = point.latitude;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i]!;
    const [xj = 0, yj = 0] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Whether a point lies inside a GeoJSON Polygon (in its outer ring and in none of its holes) or in one
 * polygon of a MultiPolygon. Coordinates are taken as plane coordinates, which is exact enough for areas
 * of a city's size; a point exactly on an edge may fall either way.
 */
export function pointInPolygon(point: GeoPoint, polygon: DeliveryPolygon): boolean {
  const polygons = polygon.type === 'Polygon' ? [polygon.coordinates] : polygon.coordinates;
  return polygons.some(
    ([outer, ...holes]) => !!outer && inRing(point, outer) && !holes.some((hole) => inRing(point, hole)),
  );
}

const isPosition = (value: unknown): value is number[] =>
  Array.isArray(value) &&
  value.length >= 2 &&
  value.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
  Math.abs(value[0] as number) <= 180 &&
  Math.abs(value[1] as number) <= 90;
const isRing = (value: unknown): value is number[][] =>
  Array.isArray(value) && value.length >= 4 && value.every(isPosition);
const isRings = (value: unknown): value is number[][][] =>
  Array.isArray(value) && value.length >= 1 && value.every(isRing);

/**
 * Reads a GeoJSON polygon as pasted in the back office: a `Polygon` or `MultiPolygon` geometry, or a
 * `Feature` holding one (the geometry is kept). Each ring has at least 4 positions of `[longitude,
 * latitude]`. Null when the value is no such polygon.
 */
export function parsePolygon(value: unknown): DeliveryPolygon | null {
  if (typeof value !== 'object' || value === null) return null;
  const object = value as { type?: unknown; coordinates?: unknown; geometry?: unknown };
  if (object.type === 'Feature') return parsePolygon(object.geometry);
  if (object.type === 'Polygon' && isRings(object.coordinates))
    return { type: 'Polygon', coordinates: object.coordinates };
  if (
    object.type === 'MultiPolygon' &&
    Array.isArray(object.coordinates) &&
    object.coordinates.length >= 1 &&
    object.coordinates.every(isRings)
  )
    return { type: 'MultiPolygon', coordinates: object.coordinates as number[][][][] };
  return null;
}

/** The fields of an area the matching reads. */
export type MatchableArea = Pick<DeliveryArea, 'postcodes' | 'radiusKm' | 'polygon'>;

/** What is known of the address: its postcode and, when a geocoder found it, its coordinates. */
export interface DeliveryAddress {
  /** The postcode (digits; see {@link postcodeOf}), null when none was given. */
  postcode: string | null;
  /** The address's coordinates, null without a geocoder or when it found nothing. */
  point?: GeoPoint | null;
}

/** Whether an area has a shape (a radius with a branch to measure from, or a polygon). */
export function hasShape(area: MatchableArea, branch: GeoPoint | null): boolean {
  return (!!area.radiusKm && area.radiusKm > 0 && !!branch) || !!area.polygon;
}

/**
 * Whether an address lies in an area. With the address's coordinates, an area with a shape decides by its
 * shape alone (inside the radius around the branch, or inside the polygon); otherwise, and for areas
 * without a shape, the postcode list decides. So a shop without a geocoder falls back to postcodes, and
 * an area drawn as a polygon is not widened by a postcode that only touches it.
 */
export function isInDeliveryArea(
  area: MatchableArea,
  address: DeliveryAddress,
  branch: GeoPoint | null,
): boolean {
  if (address.point && hasShape(area, branch)) {
    const inRadius =
      !!area.radiusKm && area.radiusKm > 0 && !!branch && distanceKm(branch, address.point) <= area.radiusKm;
    const inPolygon = !!area.polygon && pointInPolygon(address.point, area.polygon);
    return inRadius || inPolygon;
  }
  if (!address.postcode) return false;
  const parsed = parsePostcodes(area.postcodes);
  return parsed.ok && postcodeInRanges(address.postcode, parsed.ranges);
}

/**
 * The delivery area of an address: the first area, in the order given (the branch's order of areas), that
 * the address lies in ({@link isInDeliveryArea}); null when it lies in none (the order is refused with
 * `outside_delivery_area`). Fee, tax and thresholds are the returned area's.
 */
export function deliveryAreaFor<A extends MatchableArea>(
  areas: readonly A[],
  address: DeliveryAddress,
  branch: GeoPoint | null,
): A | null {
  return areas.find((area) => isInDeliveryArea(area, address, branch)) ?? null;
}

/** A branch's coordinates as a point, or null when they are not both set. */
export function branchPoint(branch: {
  latitude?: number | null;
  longitude?: number | null;
}): GeoPoint | null {
  const { latitude, longitude } = branch;
  return typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude)
    ? { latitude, longitude }
    : null;
}

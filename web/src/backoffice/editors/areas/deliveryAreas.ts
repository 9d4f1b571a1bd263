import {
  formatMoney,
  parsePolygon,
  parsePostcodes,
  renderMessage,
  t,
  toCents,
  type DeliveryArea,
  type DeliveryPolygon,
} from '@ordering/common';

/**
 * A delivery area while it is edited (a new one has no id yet; the server gives it one). The polygon is
 * the GeoJSON text while it is typed (the server reads the text or the object).
 */
export type EditedArea = Omit<DeliveryArea, 'id' | 'polygon'> & {
  id?: number;
  polygon?: DeliveryPolygon | string | null;
};

/** The polygon as the text area shows it. */
export function polygonText(polygon: EditedArea['polygon']): string {
  if (!polygon) return '';
  return typeof polygon === 'string' ? polygon : JSON.stringify(polygon);
}

/** A point on the map: `[longitude, latitude]` as GeoJSON writes it. */
export type LngLat = [number, number];

/**
 * The outer ring of the area's polygon as points to draw on (the closing point left out), for the map's
 * drawing tool; a MultiPolygon gives its first polygon's ring, text that is no polygon none.
 */
export function drawablePoints(polygon: EditedArea['polygon']): LngLat[] {
  let parsed: DeliveryPolygon | null;
  try {
    parsed = parsePolygon(typeof polygon === 'string' ? JSON.parse(polygon) : polygon);
  } catch {
    return [];
  }
  if (!parsed) return [];
  const ring = (parsed.type === 'Polygon' ? parsed.coordinates[0] : parsed.coordinates[0]?.[0]) ?? [];
  const points = ring.map(([lng, lat]) => [lng!, lat!] as LngLat);
  const [first, last] = [points[0], points.at(-1)];
  if (points.length > 1 && first![0] === last![0] && first![1] === last![1]) points.pop();
  return points;
}

/**
 * The polygon of points drawn on the map: the ring closed as GeoJSON asks, coordinates rounded to six
 * decimals (about 10 cm); null below three points, which enclose nothing.
 */
export function polygonOfPoints(
  points: readonly LngLat[],
): Extract<DeliveryPolygon, { type: 'Polygon' }> | null {
  if (points.length < 3) return null;
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  const ring = points.map(([lng, lat]) => [round(lng), round(lat)]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

function isPolygonText(text: string): boolean {
  try {
    return parsePolygon(JSON.parse(text)) !== null;
  } catch {
    return false;
  }
}

export function newArea(previous?: EditedArea): EditedArea {
  return {
    area: '',
    price: previous?.price ?? 0,
    tax: previous?.tax ?? 20,
    free: false,
    freeFromOrderValue: previous?.freeFromOrderValue ?? null,
    minimumOrderValue: previous?.minimumOrderValue ?? null,
    postcodes: '',
    radiusKm: null,
    polygon: null,
  };
}

/** Problems keyed relative to the field (`[1].area`), with the catalogue's German texts. */
export function validateAreas(areas: readonly EditedArea[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const names = new Map<string, number>();
  areas.forEach((area, i) => {
    const name = area.area.trim();
    if (name === '') errors[`[${i}].area`] = t('validation.blank');
    else if (name.length > 200) errors[`[${i}].area`] = t('validation.tooLong', { max: 200 });
    else if (names.has(name.toLowerCase())) errors[`[${i}].area`] = t('validation.unique');
    names.set(name.toLowerCase(), i);
    if (!(area.price >= 0)) errors[`[${i}].price`] = t('validation.positiveOrZero');
    if (!(area.tax >= 0 && area.tax <= 100))
      errors[`[${i}].tax`] = t('validation.range', { min: 0, max: 100 });
    const postcodes = parsePostcodes(area.postcodes);
    if (!postcodes.ok) errors[`[${i}].postcodes`] = renderMessage(postcodes.error);
    if (
      area.radiusKm !== null &&
      area.radiusKm !== undefined &&
      !(area.radiusKm >= 0 && area.radiusKm <= 500)
    )
      errors[`[${i}].radiusKm`] = t('validation.range', { min: 0, max: 500 });
    const polygon = polygonText(area.polygon).trim();
    if (polygon && !isPolygonText(polygon)) errors[`[${i}].polygon`] = t('deliveryArea.polygonInvalid');
    for (const field of ['freeFromOrderValue', 'minimumOrderValue'] as const) {
      const value = area[field];
      if (value !== null && value !== undefined && !(value >= 0))
        errors[`[${i}].${field}`] = t('validation.positiveOrZero');
    }
  });
  return errors;
}

/** What the customer will read about the area, in one line (fee, free delivery, minimum). */
export function areaSummary(area: EditedArea, currency = 'EUR'): string {
  const money = (v: number) => formatMoney(toCents(v), currency, { separator: ' ' });
  const parts = [area.free || area.price === 0 ? 'Lieferung kostenlos' : `Lieferung ${money(area.price)}`];
  if (!area.free && area.price > 0 && area.freeFromOrderValue)
    parts.push(`kostenlos ab ${money(area.freeFromOrderValue)}`);
  if (area.minimumOrderValue) parts.push(`Mindestbestellwert ${money(area.minimumOrderValue)}`);
  const where = [
    area.postcodes?.trim() ? `PLZ ${area.postcodes.trim()}` : '',
    area.radiusKm ? `Umkreis ${String(area.radiusKm).replace('.', ',')} km` : '',
    polygonText(area.polygon).trim() ? 'Polygon' : '',
  ].filter(Boolean);
  parts.push(
    where.length ? `für ${where.join(' oder ')}` : 'noch keine Postleitzahl: keine Adresse liegt darin',
  );
  return parts.join(' · ');
}

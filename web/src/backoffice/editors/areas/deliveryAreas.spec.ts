import { parsePolygon, pointInPolygon } from '@ordering/common';
import {
  areaSummary,
  drawablePoints,
  newArea,
  polygonOfPoints,
  validateAreas,
  type EditedArea,
} from './deliveryAreas';

const area = (patch: Partial<EditedArea>): EditedArea => ({ ...newArea(), area: '1060 Mariahilf', ...patch });

describe('delivery areas editor rules', () => {
  it('starts a new area with the previous fee and tax', () => {
    expect(newArea(area({ price: 3.5, tax: 10 }))).toMatchObject({
      area: '',
      price: 3.5,
      tax: 10,
      free: false,
    });
  });

  it('names blank, duplicate and out-of-range values at their fields', () => {
    expect(
      validateAreas([
        area({}),
        area({ area: ' 1060 mariahilf ' }),
        area({ area: '', price: -1, tax: 120, minimumOrderValue: -5 }),
      ]),
    ).toEqual({
      '[1].area': 'Dieser Wert wird bereits verwendet.',
      '[2].area': 'Dieser Wert sollte nicht leer sein.',
      '[2].price': 'Dieser Wert sollte entweder positiv oder 0 sein.',
      '[2].tax': 'Dieser Wert sollte zwischen 0 und 100 sein.',
      '[2].minimumOrderValue': 'Dieser Wert sollte entweder positiv oder 0 sein.',
    });
  });

  it('names a wrong postcode list, radius and polygon in German at their fields', () => {
    expect(
      validateAreas([
        area({ postcodes: '1070, Neubau', radiusKm: -1, polygon: '{"type": "Point"}' }),
        area({ area: 'Josefstadt', postcodes: '1090-1080', polygon: 'kein JSON' }),
        area({ area: 'Umkreis', postcodes: '1070, 1080-1090', radiusKm: 2.5 }),
      ]),
    ).toEqual({
      '[0].postcodes':
        '"Neubau" ist keine Postleitzahl. Bitte Postleitzahlen und Bereiche mit Komma trennen, z. B. 1070, 1080-1090.',
      '[0].radiusKm': 'Dieser Wert sollte zwischen 0 und 500 sein.',
      '[0].polygon':
        'Bitte ein GeoJSON-Polygon angeben: type "Polygon" oder "MultiPolygon", coordinates als [Länge, Breite].',
      '[1].postcodes': 'Der Bereich "1090-1080" endet vor seinem Anfang. Bitte z. B. 1080-1090 angeben.',
      '[1].polygon':
        'Bitte ein GeoJSON-Polygon angeben: type "Polygon" oder "MultiPolygon", coordinates als [Länge, Breite].',
    });
  });

  it('sums an area up as the customer reads it, with where it is', () => {
    expect(
      areaSummary(area({ price: 3.5, freeFromOrderValue: 30, minimumOrderValue: 15, postcodes: '1060' })),
    ).toBe('Lieferung 3,50 € · kostenlos ab 30,00 € · Mindestbestellwert 15,00 € · für PLZ 1060');
    expect(areaSummary(area({ price: 3.5, free: true, freeFromOrderValue: 30, radiusKm: 2.5 }))).toBe(
      'Lieferung kostenlos · für Umkreis 2,5 km',
    );
    expect(areaSummary(area({}))).toBe(
      'Lieferung kostenlos · noch keine Postleitzahl: keine Adresse liegt darin',
    );
  });

  describe('the drawing tool on the map', () => {
    const points: [number, number][] = [
      [16.3401234567, 48.2001],
      [16.36, 48.2002],
      [16.35, 48.21],
    ];

    it('closes the drawn ring and rounds to six decimals; fewer than three points are no polygon', () => {
      const polygon = polygonOfPoints(points)!;
      expect(polygon.coordinates[0]).toEqual([
        [16.340123, 48.2001],
        [16.36, 48.2002],
        [16.35, 48.21],
        [16.340123, 48.2001],
      ]);
      expect(parsePolygon(polygon)).not.toBeNull();
      expect(pointInPolygon({ longitude: 16.35, latitude: 48.203 }, polygon)).toBe(true);
      expect(polygonOfPoints(points.slice(0, 2))).toBeNull();
    });

    it('draws on from a saved polygon, its text or its first part, without the closing point', () => {
      const polygon = polygonOfPoints(points)!;
      expect(drawablePoints(polygon)).toHaveLength(3);
      expect(drawablePoints(JSON.stringify(polygon))).toEqual(drawablePoints(polygon));
      expect(drawablePoints({ type: 'MultiPolygon', coordinates: [polygon.coordinates] })).toHaveLength(3);
      expect(drawablePoints('{"type": "Poly')).toEqual([]);
      expect(drawablePoints(null)).toEqual([]);
    });
  });
});

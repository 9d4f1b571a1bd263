import type { DeliveryPolygon } from './contract/branch.js';
import {
  branchPoint,
  deliveryAreaFor,
  distanceKm,
  isInDeliveryArea,
  parsePolygon,
  parsePostcodes,
  pointInPolygon,
  postcodeInRanges,
  postcodeOf,
  postcodesFromAreaName,
} from './delivery-area.js';
import { renderMessage } from './i18n/de.js';
import { deliveryAreaSchema } from './schemas/organisation.js';

const STEPHANSPLATZ = { latitude: 48.2085, longitude: 16.3731 };
const NEUBAU = { latitude: 48.2015, longitude: 16.3491 }; // 1070, about 1.9 km west
const FLORIDSDORF = { latitude: 48.2566, longitude: 16.4011 }; // 1210, about 5.8 km north-east

/** A rough square around Neubau (7th district), counter-clockwise, closed. */
const NEUBAU_SQUARE: DeliveryPolygon = {
  type: 'Polygon',
  coordinates: [
    [
      [16.335, 48.195],
      [16.36, 48.195],
      [16.36, 48.21],
      [16.335, 48.21],
      [16.335, 48.195],
    ],
  ],
};

describe('delivery areas', () => {
  describe(parsePostcodes.name, () => {
    it('reads a list of postcodes and ranges separated by commas, semicolons or lines', () => {
      expect(parsePostcodes('1070, 1080-1090;1100 – 1120\n01067')).toEqual({
        ok: true,
        ranges: [
          { from: '1070', to: '1070' },
          { from: '1080', to: '1090' },
          { from: '1100', to: '1120' },
          { from: '01067', to: '01067' },
        ],
      });
    });

    it('reads empty text as an empty list', () => {
      expect(parsePostcodes('')).toEqual({ ok: true, ranges: [] });
      expect(parsePostcodes(' , ')).toEqual({ ok: true, ranges: [] });
      expect(parsePostcodes(null)).toEqual({ ok: true, ranges: [] });
    });

    it('refuses a word with a German message that names the entry and shows the format', () => {
      const parsed = parsePostcodes('1070, Neubau');
      expect(parsed.ok).toBe(false);
      if (parsed.ok) return;
      expect(renderMessage(parsed.error)).toBe(
        '"Neubau" ist keine Postleitzahl. Bitte Postleitzahlen und Bereiche mit Komma trennen, z. B. 1070, 1080-1090.',
      );
    });

    it('refuses a reversed range and ends of different length', () => {
      const reversed = parsePostcodes('1090-1080');
      expect(reversed.ok ? null : renderMessage(reversed.error)).toBe(
        'Der Bereich "1090-1080" endet vor seinem Anfang. Bitte z. B. 1080-1090 angeben.',
      );
      const lengths = parsePostcodes('1080-10900');
      expect(lengths.ok ? null : lengths.error.key).toBe('deliveryArea.rangeLengths');
      expect(parsePostcodes('1080-1085-1090').ok).toBe(false);
    });
  });

  describe(postcodeInRanges.name, () => {
    const ranges = [
      { from: '1070', to: '1070' },
      { from: '1080', to: '1090' },
    ];
    it('matches a postcode in a list or inside a range, ends included', () => {
      expect(postcodeInRanges('1070', ranges)).toBe(true);
      expect(postcodeInRanges('1080', ranges)).toBe(true);
      expect(postcodeInRanges('1085', ranges)).toBe(true);
      expect(postcodeInRanges('1090', ranges)).toBe(true);
    });
    it('does not match outside the ranges or with another number of digits', () => {
      expect(postcodeInRanges('1100', ranges)).toBe(false);
      expect(postcodeInRanges('1060', ranges)).toBe(false);
      expect(postcodeInRanges('10850', ranges)).toBe(false);
      expect(postcodeInRanges('108', ranges)).toBe(false);
    });
  });

  describe(postcodeOf.name, () => {
    it('takes the first group of 4 or 5 digits of what a customer typed', () => {
      expect(postcodeOf(' 1070 ')).toBe('1070');
      expect(postcodeOf('A-1070 Wien')).toBe('1070');
      expect(postcodeOf('01067 Dresden')).toBe('01067');
      expect(postcodeOf('Wien')).toBeNull();
      expect(postcodeOf('123')).toBeNull();
      expect(postcodeOf('1234567')).toBeNull();
    });
  });

  describe(postcodesFromAreaName.name, () => {
    it('derives the postcode of an old area from a name that starts with one', () => {
      expect(postcodesFromAreaName('1070 Neubau')).toBe('1070');
      expect(postcodesFromAreaName('80331 München Altstadt')).toBe('80331');
      expect(postcodesFromAreaName('Innenstadt')).toBe('');
      expect(postcodesFromAreaName('Zone 1070')).toBe('');
    });
  });

  describe(distanceKm.name, () => {
    it('measures great-circle distances (Vienna to Munich about 355 km)', () => {
      expect(distanceKm(STEPHANSPLATZ, STEPHANSPLATZ)).toBe(0);
      expect(distanceKm(STEPHANSPLATZ, NEUBAU)).toBeCloseTo(1.9, 1);
      expect(distanceKm(STEPHANSPLATZ, { latitude: 48.1374, longitude: 11.5755 })).toBeCloseTo(355, -1);
    });
  });

  describe(pointInPolygon.name, () => {
    it('finds a point inside the outer ring and not outside it', () => {
      expect(pointInPolygon(NEUBAU, NEUBAU_SQUARE)).toBe(true);
      expect(pointInPolygon(STEPHANSPLATZ, NEUBAU_SQUARE)).toBe(false);
    });
    it('leaves out a hole and finds a point in any polygon of a MultiPolygon', () => {
      const withHole: DeliveryPolygon = {
        type: 'Polygon',
        coordinates: [
          NEUBAU_SQUARE.coordinates[0] as number[][],
          [
            [16.345, 48.2],
            [16.355, 48.2],
            [16.355, 48.205],
            [16.345, 48.205],
            [16.345, 48.2],
          ],
        ],
      };
      expect(pointInPolygon(NEUBAU, withHole)).toBe(false);
      const multi: DeliveryPolygon = {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
          NEUBAU_SQUARE.coordinates as number[][][],
        ],
      };
      expect(pointInPolygon(NEUBAU, multi)).toBe(true);
    });
  });

  describe(parsePolygon.name, () => {
    it('accepts a Polygon, a MultiPolygon and a Feature holding one', () => {
      expect(parsePolygon(NEUBAU_SQUARE)).toEqual(NEUBAU_SQUARE);
      expect(parsePolygon({ type: 'Feature', properties: {}, geometry: NEUBAU_SQUARE })).toEqual(
        NEUBAU_SQUARE,
      );
      expect(parsePolygon({ type: 'MultiPolygon', coordinates: [NEUBAU_SQUARE.coordinates] })?.type).toBe(
        'MultiPolygon',
      );
    });
    it('refuses other geometries, short rings and positions outside the globe', () => {
      expect(parsePolygon({ type: 'Point', coordinates: [16, 48] })).toBeNull();
      expect(
        parsePolygon({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        }),
      ).toBeNull();
      expect(
        parsePolygon({
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [200, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        }),
      ).toBeNull();
      expect(parsePolygon('Polygon')).toBeNull();
    });
  });

  describe(deliveryAreaFor.name, () => {
    const branch = STEPHANSPLATZ;
    const areas = [
      { id: 1, area: '1070 Neubau', postcodes: '1070', radiusKm: null, polygon: null },
      { id: 2, area: 'Innenstadt (3 km)', postcodes: '', radiusKm: 3, polygon: null },
      { id: 3, area: 'Wien', postcodes: '1010-1230', radiusKm: null, polygon: null },
    ];

    it('picks the first matching area in the areas order', () => {
      expect(deliveryAreaFor(areas, { postcode: '1070' }, branch)?.id).toBe(1);
      expect(deliveryAreaFor(areas, { postcode: '1100' }, branch)?.id).toBe(3);
      expect(deliveryAreaFor([areas[2]!, areas[0]!], { postcode: '1070' }, branch)?.id).toBe(3);
    });

    it('answers null for an address outside every area', () => {
      expect(deliveryAreaFor(areas, { postcode: '2340' }, branch)).toBeNull();
      expect(deliveryAreaFor(areas, { postcode: null }, branch)).toBeNull();
    });

    it('lets the coordinates decide for areas with a radius or polygon', () => {
      // 1.9 km from the branch: inside the 3 km radius (area 1 matches first by its postcode though).
      expect(deliveryAreaFor(areas.slice(1), { postcode: '9999', point: NEUBAU }, branch)?.id).toBe(2);
      // 5.8 km away: not in the radius; the postcode list of area 3 still serves 1210.
      expect(deliveryAreaFor(areas, { postcode: '1210', point: FLORIDSDORF }, branch)?.id).toBe(3);
      expect(deliveryAreaFor(areas.slice(0, 2), { postcode: '1210', point: FLORIDSDORF }, branch)).toBeNull();
      const polygonArea = { postcodes: '1070', radiusKm: null, polygon: NEUBAU_SQUARE };
      expect(isInDeliveryArea(polygonArea, { postcode: '1070', point: NEUBAU }, branch)).toBe(true);
      // The shape decides over the postcode when the coordinates are known.
      expect(isInDeliveryArea(polygonArea, { postcode: '1070', point: FLORIDSDORF }, branch)).toBe(false);
    });

    it('falls back to postcodes without coordinates, and a radius needs the branch coordinates', () => {
      const radiusWithCodes = { postcodes: '1010', radiusKm: 3, polygon: null };
      expect(isInDeliveryArea(radiusWithCodes, { postcode: '1010' }, branch)).toBe(true);
      expect(isInDeliveryArea(radiusWithCodes, { postcode: '1070' }, branch)).toBe(false);
      expect(isInDeliveryArea(radiusWithCodes, { postcode: '1070', point: NEUBAU }, null)).toBe(false);
      expect(isInDeliveryArea(radiusWithCodes, { postcode: '1010', point: NEUBAU }, null)).toBe(true);
    });
  });

  describe(branchPoint.name, () => {
    it('is the coordinates only when both are set', () => {
      expect(branchPoint({ latitude: 48.2, longitude: 16.3 })).toEqual({ latitude: 48.2, longitude: 16.3 });
      expect(branchPoint({ latitude: 48.2, longitude: null })).toBeNull();
      expect(branchPoint({})).toBeNull();
    });
  });

  describe('deliveryAreaSchema', () => {
    it('keeps an area without shape fields (older clients) and reads a polygon sent as text', () => {
      expect(deliveryAreaSchema.parse({ area: 'Innere Stadt', price: 2.9 })).toMatchObject({
        postcodes: '',
        radiusKm: null,
        polygon: null,
      });
      expect(
        deliveryAreaSchema.parse({ area: 'A', postcodes: ' 1070 ', polygon: JSON.stringify(NEUBAU_SQUARE) }),
      ).toMatchObject({ postcodes: '1070', polygon: NEUBAU_SQUARE });
    });

    it('names a wrong postcode list and polygon at their fields in German', () => {
      const result = deliveryAreaSchema.safeParse({ area: 'A', postcodes: '1070, Neubau', polygon: '{' });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        [
          'postcodes',
          '"Neubau" ist keine Postleitzahl. Bitte Postleitzahlen und Bereiche mit Komma trennen, z. B. 1070, 1080-1090.',
        ],
        [
          'polygon',
          'Bitte ein GeoJSON-Polygon angeben: type "Polygon" oder "MultiPolygon", coordinates als [Länge, Breite].',
        ],
      ]);
    });
  });
});

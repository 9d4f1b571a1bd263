import { Branch } from '../src/branches/branch.entity.js';
import { DeliveryArea } from '../src/branches/delivery-area.entity.js';
import { ShopConfig } from '../src/config/shop-config.entity.js';
import { migrate } from '../src/database/data-source.js';
import { DeliveryAreaShapes1795720000000 } from '../src/database/migrations/foundation/1795720000000-delivery-area-shapes.js';
import { Order } from '../src/orders/order.entity.js';
import { delivery, item, loadDemo, NOON, ORDER_TEST_ENV, postOrder, type Demo } from './orders.fixtures.js';
import { MapTilerFake } from './support/maptiler-fake.js';
import { openTestDatabase, startTestApp, type TestApp } from './support/test-app.js';

const OUTSIDE =
  'An diese Adresse liefern wir leider nicht. Bitte prüfen Sie die Postleitzahl oder wählen Sie Abholung.';
const TOKEN = 'shop-map-token';

describe('orders: the address decides the delivery area', () => {
  let t: TestApp;
  let demo: Demo;
  const maptiler = new MapTilerFake(TOKEN);
  beforeAll(async () => {
    await maptiler.start();
    t = await startTestApp({ seed: true, env: { ...ORDER_TEST_ENV, MAPTILER_API_URL: maptiler.url } });
    demo = await loadDemo(t);
  });
  afterAll(async () => {
    await t.close();
    await maptiler.stop();
  });
  beforeEach(() => t.clock.set(NOON));

  const areas = () => [...demo.vienna.deliveryAreas].sort((a, b) => a.position - b.position);
  const lunch = () => [
    item(demo, 'Käsespätzle mit Röstzwiebeln'),
    item(demo, 'Kaiserschmarrn mit Zwetschkenröster'),
  ];
  const check = (query: string, branchId = demo.vienna.id) =>
    t.request('GET', `/api/branches/${branchId}/delivery-area?${query}`);

  describe('by postcode', () => {
    it('refuses an address outside every area: 400, outside_delivery_area at the postcode', async () => {
      const before = await t.dataSource.getRepository(Order).count();
      const res = await postOrder(t, delivery(demo, 0, { zipCode: '1100', city: 'Wien', items: lunch() }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { message: OUTSIDE, field: 'zipCode', code: 'outside_delivery_area' },
      ]);
      expect(await t.dataSource.getRepository(Order).count()).toBe(before);
    });

    it('prices an address inside an area with that area fee, ignoring the area the client names', async () => {
      // The form names the free 1070 area; the address is in 1060 Mariahilf (fee 2,90).
      const res = await postOrder(t, delivery(demo, 0, { zipCode: '1060', items: lunch() }));
      expect(res.status).toBe(201);
      expect(res.body.data.order.deliveryArea).toBe('1060 Mariahilf');
      expect(res.body.data.order.pricing).toMatchObject({
        gross: 26.8,
        deliveryGross: 2.9,
        totalGross: 29.7,
      });
      const stored = await t.dataSource
        .getRepository(Order)
        .findOneByOrFail({ uid: res.body.data.order.uid });
      expect(stored.deliveryArea).toMatchObject({ id: areas()[1]!.id, area: '1060 Mariahilf', price: 2.9 });
    });

    it('reads the postcode from what the customer typed ("A-1080")', async () => {
      const res = await postOrder(t, delivery(demo, 0, { zipCode: 'A-1080', items: lunch() }));
      expect(res.status).toBe(201);
      expect(res.body.data.order.deliveryArea).toBe('1080 Josefstadt');
      expect(res.body.data.order.pricing.deliveryGross).toBe(3.5);
    });

    it('checks the minimum order of the derived area, not of the named one', async () => {
      // 1080 Josefstadt needs 25,00; the named free area would need 15,00.
      const res = await postOrder(
        t,
        delivery(demo, 0, { zipCode: '1080', items: [item(demo, 'Käsespätzle mit Röstzwiebeln')] }),
      );
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'minimum_order_value' });
      expect(res.body.errors[0].message).toContain('25,00');
    });
  });

  describe('back office', () => {
    it('saves postcodes and radius of an area and refuses a wrong list with a German error at its field', async () => {
      const read = await t.request('GET', `/api/branches/${demo.vienna.id}`, undefined, demo.admin);
      const body = read.body.data;
      const [first, ...rest] = body.deliveryAreas;
      const saved = await t.request(
        'PUT',
        `/api/branches/${demo.vienna.id}`,
        { ...body, deliveryAreas: [{ ...first, postcodes: '1070, 1150-1160', radiusKm: 1.5 }, ...rest] },
        demo.admin,
      );
      expect(saved.status).toBe(200);
      expect(saved.body.data.deliveryAreas[0]).toMatchObject({
        id: first.id,
        area: '1070 Neubau',
        postcodes: '1070, 1150-1160',
        radiusKm: 1.5,
        polygon: null,
      });
      expect((await check('postcode=1155')).body.data.area.area).toBe('1070 Neubau');

      const wrong = await t.request(
        'PUT',
        `/api/branches/${demo.vienna.id}`,
        { ...body, deliveryAreas: [{ ...first, postcodes: '1070, Neubau' }, ...rest] },
        demo.admin,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[0]).toMatchObject({
        field: 'deliveryAreas.0.postcodes',
        message:
          '"Neubau" ist keine Postleitzahl. Bitte Postleitzahlen und Bereiche mit Komma trennen, z. B. 1070, 1080-1090.',
      });
      // Back as seeded for the other tests.
      expect((await t.request('PUT', `/api/branches/${demo.vienna.id}`, body, demo.admin)).status).toBe(200);
    });
  });

  describe('GET /api/branches/{id}/delivery-area', () => {
    it('answers the area with fee, minimum and free-from for a postcode', async () => {
      const res = await check('postcode=1080');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        area: {
          id: areas()[2]!.id,
          area: '1080 Josefstadt',
          price: 3.5,
          tax: 10,
          free: false,
          freeFromOrderValue: 40,
          minimumOrderValue: 25,
        },
        postcode: '1080',
      });
    });

    it('refuses a postcode outside every area and a missing one with German messages at zipCode', async () => {
      const outside = await check('postcode=1100');
      expect(outside.status).toBe(400);
      expect(outside.body.errors).toEqual([
        { message: OUTSIDE, field: 'zipCode', code: 'outside_delivery_area' },
      ]);
      const missing = await check('postcode=');
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0]).toMatchObject({
        message: 'Bitte geben Sie Ihre Postleitzahl an.',
        field: 'zipCode',
      });
    });

    it('is 404 for an unknown branch and for one that does not deliver', async () => {
      expect((await check('postcode=1070', 999999)).status).toBe(404);
      expect((await check('postcode=4020', demo.linz.id)).status).toBe(
        demo.linz.isDeliveryEnabled ? 400 : 404,
      );
    });
  });

  describe('by coordinates (radius and polygon) with the map provider geocoding', () => {
    let radiusArea: DeliveryArea;
    beforeAll(async () => {
      // A 2 km radius around the inn (Neubaugasse, 48.2016 N 16.3499 E) without postcodes, after the others.
      radiusArea = await t.dataSource.getRepository(DeliveryArea).save({
        branch: { id: demo.vienna.id } as Branch,
        position: 5,
        area: 'Umkreis 2 km',
        price: 4.5,
        tax: 10,
        free: false,
        freeFromOrderValue: null,
        minimumOrderValue: 10,
        postcodes: '',
        radiusKm: 2,
        polygon: null,
      });
      maptiler.add('Schweglerstraße 5', [16.3306, 48.1965]); // 1150, about 1.5 km from the inn
      maptiler.add('Brünner Straße 100', [16.4011, 48.2866]); // 1210, about 10 km away
      maptiler.add('Hauptstraße 7', [16.33, 48.19], 'municipality'); // only a town's centre
    });
    const useToken = (token: string) =>
      t.dataSource.getRepository(ShopConfig).update({ id: 1 }, { mapAccessToken: token });

    it('without a map token only postcodes count: 1150 is outside', async () => {
      await useToken('');
      const res = await postOrder(
        t,
        delivery(demo, 0, { street: 'Schweglerstraße 5', zipCode: '1150', items: lunch() }),
      );
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ field: 'zipCode', code: 'outside_delivery_area' });
    });

    it('with the token the coordinates decide: inside the radius priced with its fee, outside refused', async () => {
      await useToken(TOKEN);
      maptiler.requests.length = 0;
      const inside = await postOrder(
        t,
        delivery(demo, 0, { street: 'Schweglerstraße 5', zipCode: '1150', items: lunch() }),
      );
      expect(inside.status).toBe(201);
      expect(inside.body.data.order.deliveryArea).toBe('Umkreis 2 km');
      expect(inside.body.data.order.pricing.deliveryGross).toBe(4.5);
      expect(maptiler.requests[0]).toEqual({
        query: 'Schweglerstraße 5, 1150 Wien',
        key: TOKEN,
        country: 'at',
      });

      const far = await postOrder(
        t,
        delivery(demo, 0, { street: 'Brünner Straße 100', zipCode: '1210', items: lunch() }),
      );
      expect(far.status).toBe(400);
      expect(far.body.errors[0]).toMatchObject({ field: 'zipCode', code: 'outside_delivery_area' });

      const checked = await check(
        'postcode=1150&street=Schwegler' + encodeURIComponent('straße 5') + '&city=Wien',
      );
      expect(checked.status).toBe(200);
      expect(checked.body.data.area).toMatchObject({ id: radiusArea.id, price: 4.5, minimumOrderValue: 10 });
    });

    it('a polygon decides by its shape; an imprecise result or a wrong token falls back to postcodes', async () => {
      await useToken(TOKEN);
      await t.dataSource.getRepository(DeliveryArea).update(
        { id: radiusArea.id },
        {
          radiusKm: null,
          polygon: {
            type: 'Polygon',
            coordinates: [
              [
                [16.32, 48.19],
                [16.34, 48.19],
                [16.34, 48.2],
                [16.32, 48.2],
                [16.32, 48.19],
              ],
            ],
          },
        },
      );
      const inside = await check(`postcode=1150&street=${encodeURIComponent('Schweglerstraße 5')}`);
      expect(inside.body.data?.area.area).toBe('Umkreis 2 km');
      // A town's centre is not an address: the postcode decides (and 1150 is in no list).
      const vague = await check(`postcode=1150&street=${encodeURIComponent('Hauptstraße 7')}`);
      expect(vague.body.errors?.[0].code).toBe('outside_delivery_area');
      // The provider refuses the key: postcodes only, the order is not lost to an outage.
      await useToken('wrong');
      const refusedKey = await check(`postcode=1060&street=${encodeURIComponent('Schweglerstraße 5')}`);
      expect(refusedKey.body.data?.area.area).toBe('1060 Mariahilf');
    });
  });
});

describe('GET /api/branches/{id}/delivery-area with a street (may geocode)', () => {
  it('is limited per address like a public write, in its own bucket; postcode-only checks are not', async () => {
    const t = await startTestApp({ seed: true, env: { BCRYPT_COST: '4', RATE_LIMIT_PUBLIC_WRITES: '2/60' } });
    try {
      const vienna = await t.dataSource
        .getRepository(Branch)
        .findOneByOrFail({ identifier: 'gasthaus-linde-wien' });
      const withStreet = `/api/branches/${vienna.id}/delivery-area?postcode=1070&street=Neubaugasse%201`;
      expect((await t.request('GET', withStreet)).status).toBe(200);
      expect((await t.request('GET', withStreet)).status).toBe(200);
      const third = await t.request('GET', withStreet);
      expect(third.status).toBe(429);
      expect(third.body.errors[0].code).toBe('rate_limited');
      expect((await t.request('GET', `/api/branches/${vienna.id}/delivery-area?postcode=1070`)).status).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });
});

describe('migration DeliveryAreaShapes', () => {
  it('keeps existing areas with their names and takes a leading postcode of the name', async () => {
    const db = await openTestDatabase('migrated');
    try {
      const runner = db.dataSource.createQueryRunner();
      const migration = new DeliveryAreaShapes1795720000000();
      await migration.down(runner);
      await runner.query(`INSERT INTO branch (identifier, name, api_key) VALUES ('m', 'M', 'k')`);
      const [{ id }] = (await runner.query(`SELECT id FROM branch WHERE identifier = 'm'`)) as Array<{
        id: number;
      }>;
      await runner.query(
        `INSERT INTO delivery_area (branch_id, position, area, price) VALUES ($1, 0, '1070 Neubau', 0), ($1, 1, 'Innenstadt', 2)`,
        [id],
      );
      await migration.up(runner);
      const rows = (await runner.query(
        `SELECT area, postcodes, radius_km, polygon FROM delivery_area WHERE branch_id = $1 ORDER BY position`,
        [id],
      )) as Array<Record<string, unknown>>;
      expect(rows).toEqual([
        { area: '1070 Neubau', postcodes: '1070', radius_km: null, polygon: null },
        { area: 'Innenstadt', postcodes: '', radius_km: null, polygon: null },
      ]);
      await runner.release();
      expect(await migrate(db.dataSource)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

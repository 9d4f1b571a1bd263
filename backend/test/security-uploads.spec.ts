import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { MediaStorage } from '../src/media/media-storage.js';
import { MediaSweeper } from '../src/media/media-sweeper.js';
import { assertPixelBudget } from '../src/media/image.service.js';
import { Upload } from '../src/media/upload.entity.js';
import { Order } from '../src/orders/order.entity.js';
import { item, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const dataUrl = (type: string, content: Buffer | string) =>
  `data:${type};base64,${Buffer.from(content).toString('base64')}`;
const PDF = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n';
const HOUR = 60 * 60 * 1000;

/** A real 1 × 1 PNG whose header then claims `width` × `height` (what a decompression bomb does). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  // Signature (8), IHDR length and type (8), then width and height; the CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * Customer uploads (issue 28, item 5): an order could attach another visitor's upload by its sequential
 * id, and the attacker's status page showed the victim's file name; untaken uploads stayed for ever; a
 * picture's total pixels were unbounded; SVG animations could set event attributes.
 */
describe('customer uploads: ownership, expiry, pixels, SVG animation', () => {
  let t: TestApp;
  let demo: Demo;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.clock.set(NOON));

  const upload = async (name = 'grundriss.pdf') => {
    const res = await t.request('POST', '/api/uploads/public', {
      data: dataUrl('application/pdf', PDF),
      name,
    });
    expect(res.status).toBe(201);
    return res.body.data as { id: number; secret: string; publicHash: string; name: string };
  };
  /** A quotation request to the screed business with a plan in the part "Grundriss". */
  const quotation = (plan: unknown) =>
    takeaway(demo, {
      branch: { id: demo.graz.id },
      street: 'Annenstraße 10',
      city: '8020 Graz',
      appointmentDate: '2026-12-07T08:00:00Z',
      items: [item(demo, 'Estrichverlegung nach Maß', 60, 'm2', [1, 1, [plan], ''])],
    });
  const orders = () => t.dataSource.getRepository(Order).count();

  describe('ownership', () => {
    it("refuses another visitor's upload by its id, with or without a wrong secret, and writes nothing", async () => {
      const victim = await upload('grundriss-huber.pdf');
      const before = await orders();
      for (const plan of [{ id: victim.id }, { id: victim.id, secret: 'geraten' }, { id: victim.id + 1 }]) {
        const res = await postOrder(t, quotation(plan));
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([
          { message: expect.any(String), field: 'items[0].parts[2]', code: 'upload_unknown' },
        ]);
        expect(JSON.stringify(res.body)).not.toContain('grundriss-huber');
      }
      expect(await orders()).toBe(before);
    });

    it('takes the upload with its secret, keeps only the id on the order, and the uploader may reuse it', async () => {
      const own = await upload('grundriss.pdf');
      const res = await postOrder(t, quotation({ id: own.id, secret: own.secret }));
      expect(res.status).toBe(201);
      expect(res.body.data.order.items[0].partLabels).toContain('Grundriss: grundriss.pdf');
      const stored = await t.dataSource
        .getRepository(Order)
        .findOneByOrFail({ uid: res.body.data.order.uid });
      expect(stored.items[0]!.parts[2]).toEqual([{ id: own.id }]);
      expect(JSON.stringify(res.body)).not.toContain(own.secret);
      const row = await t.dataSource.getRepository(Upload).findOneByOrFail({ id: own.id });
      expect(row.takenAt?.toISOString()).toBe(new Date(NOON).toISOString());
      expect(row.secretHash).not.toBe(own.secret);
      // Taken up, the file is still no one else's; its owner may order with it again.
      expect((await postOrder(t, quotation({ id: own.id }))).status).toBe(400);
      expect((await postOrder(t, quotation({ id: own.id, secret: own.secret }))).status).toBe(201);
    });

    it('refuses a back-office file, which has no secret', async () => {
      const staff = await t.request(
        'POST',
        '/api/uploads',
        { data: dataUrl('application/pdf', PDF), name: 'intern.pdf' },
        demo.admin,
      );
      expect(staff.status).toBe(201);
      expect(staff.body.data.secret).toBeUndefined();
      const res = await postOrder(t, quotation({ id: staff.body.data.id, secret: '' }));
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'upload_unknown' });
    });

    it("lets staff keep the order's own file in an edit but not attach another visitor's", async () => {
      const own = await upload('plan-a.pdf');
      const other = await upload('plan-fremd.pdf');
      const placed = await postOrder(t, quotation({ id: own.id, secret: own.secret }));
      const order = await t.dataSource
        .getRepository(Order)
        .findOneByOrFail({ uid: placed.body.data.order.uid });
      const edit = (plan: unknown) =>
        t.request(
          'PUT',
          `/api/orders/${order.id}/items/0`,
          { amount: 60, unit: 'm2', parts: [1, 1, [plan], ''] },
          demo.admin,
        );
      const foreign = await edit({ id: other.id });
      expect(foreign.status).toBe(400);
      expect(foreign.body.errors[0]).toMatchObject({ field: 'parts[2]' });
      expect((await edit({ id: own.id })).status).toBe(200);
    });
  });

  describe('expiry', () => {
    it('removes an anonymous upload no order took up after 24 hours, by the clock, with its file', async () => {
      const untaken = await upload('vergessen.pdf');
      const taken = await upload('bestellt.pdf');
      expect((await postOrder(t, quotation({ id: taken.id, secret: taken.secret }))).status).toBe(201);
      const staff = await t.request(
        'POST',
        '/api/uploads',
        { data: dataUrl('application/pdf', PDF), name: 'katalog.pdf' },
        demo.admin,
      );
      const rows = t.dataSource.getRepository(Upload);
      const key = (await rows.findOneByOrFail({ id: untaken.id })).storageKey;
      const storage = t.app.get(MediaStorage);
      const sweeper = t.app.get(MediaSweeper);
      expect(await storage.exists(key)).toBe(true);

      t.clock.advance(23 * HOUR);
      const younger = await upload('jünger.pdf');
      expect(await sweeper.expireUntakenUploads()).toEqual([]);

      t.clock.advance(HOUR + 60_000);
      const expired = await sweeper.expireUntakenUploads();
      expect(expired).toContain(untaken.id);
      expect(expired).not.toEqual(expect.arrayContaining([taken.id]));
      expect(expired).not.toContain(younger.id);
      expect(await rows.findOneBy({ id: untaken.id })).toBeNull();
      expect(await storage.exists(key)).toBe(false);
      for (const id of [taken.id, staff.body.data.id, younger.id])
        expect(await rows.findOneBy({ id })).not.toBeNull();
      const url = `/upload/${untaken.publicHash}/${untaken.id}-1.pdf`;
      expect((await t.request('GET', url)).status).toBe(404);
      // An order cannot take an expired upload up.
      t.clock.set(NOON);
      const late = await postOrder(t, quotation({ id: untaken.id, secret: untaken.secret }));
      expect(late.status).toBe(400);
    });
  });

  describe('pixels', () => {
    it('refuses a picture of more than 50 megapixels in a customer upload and in the back office', async () => {
      const bomb = await pngClaiming(8000, 8000);
      expect(await sharp(bomb).metadata()).toMatchObject({ width: 8000, height: 8000 });
      const message =
        'Das Bild "riesig.png" hat zu viele Bildpunkte (64 Megapixel). Erlaubt sind höchstens 50 Megapixel.';
      const publicRes = await t.request('POST', '/api/uploads/public', {
        data: dataUrl('image/png', bomb),
        name: 'riesig.png',
      });
      expect(publicRes.status).toBe(400);
      expect(publicRes.body.errors).toEqual([{ message, field: 'data', code: 'image_too_many_pixels' }]);
      const image = await t.request(
        'POST',
        '/api/images',
        { data: dataUrl('image/png', bomb), name: 'riesig.png' },
        demo.admin,
      );
      expect(image.status).toBe(400);
      expect(image.body.errors[0]).toMatchObject({ message, field: 'data' });
      // A picture within the bound is taken.
      const small = await t.request('POST', '/api/uploads/public', {
        data: dataUrl('image/png', await pngClaiming(1, 1)),
        name: 'klein.png',
      });
      expect(small.status).toBe(201);
    });

    it('counts every frame of an animation', () => {
      const frames = (pages: number) => ({ width: 2000, height: 2000, pageHeight: 2000, pages });
      expect(() => assertPixelBudget(frames(12), 'a.gif')).not.toThrow();
      expect(() => assertPixelBudget(frames(13), 'a.gif')).toThrow(/52 Megapixel/);
    });
  });

  describe('SVG animation', () => {
    const svg = (inner: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="9" height="9"><rect width="9" height="9">${inner}</rect></svg>`;

    it.each([
      '<set attributeName="onmouseover" to="alert(1)"/>',
      '<animate attributeName="onclick" values="alert(1)"/>',
      "<set attributeName = ' ONFOCUS' to='alert(1)'/>",
      '<set attributeName="&#x6F;nload" to="alert(1)"/>',
      '<animate attributeName="xlink:href" values="https://evil.example/"/>',
    ])('refuses %s in an image and in an upload', async (animation) => {
      const data = dataUrl('image/svg+xml', svg(animation));
      const image = await t.request('POST', '/api/images', { data, name: 'logo.svg' }, demo.admin);
      expect(image.status).toBe(400);
      expect(image.body.errors[0].field).toBe('data');
      const staff = await t.request('POST', '/api/uploads', { data, name: 'logo.svg' }, demo.admin);
      expect(staff.status).toBe(400);
      const customer = await t.request('POST', '/api/uploads/public', { data, name: 'logo.svg' });
      expect(customer.status).toBe(400);
    });

    it('keeps an animation of ordinary attributes', async () => {
      const data = dataUrl(
        'image/svg+xml',
        svg('<animate attributeName="opacity" from="0" to="1" dur="1s"/>'),
      );
      expect((await t.request('POST', '/api/images', { data, name: 'logo.svg' }, demo.admin)).status).toBe(
        201,
      );
      expect((await t.request('POST', '/api/uploads/public', { data, name: 'logo.svg' })).status).toBe(201);
    });
  });
});

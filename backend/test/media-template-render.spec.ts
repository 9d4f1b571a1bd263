import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import woff2 from 'wawoff2';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);
const FONT = new URL('./fixtures/fonts/dejavu-serif-latin.ttf', import.meta.url);

async function pixels(body: ArrayBuffer | Buffer) {
  const { data, info } = await sharp(Buffer.from(body as ArrayBuffer))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 4;
    return [data[i], data[i + 1], data[i + 2]];
  };
  /** How many pixels of the region differ from the colour by more than 40 in any channel. */
  const inked = (x0: number, y0: number, w: number, h: number, bg: number[]) => {
    let n = 0;
    for (let y = y0; y < y0 + h; y++)
      for (let x = x0; x < x0 + w; x++) {
        const p = at(x, y);
        if (p.some((v, c) => Math.abs(v! - bg[c]!) > 40)) n++;
      }
    return n;
  };
  return { info, at, inked };
}

/**
 * A render against sharp drawing the same text itself (black on white from `left`, `top`): the
 * reference's ink pixels, and the pixels whose grey differs by more than 60.
 */
async function againstText(
  png: Awaited<ReturnType<typeof pixels>>,
  [left, top]: [number, number],
  text: { text: string; font: string; fontfile?: string; width: number },
) {
  const reference = await sharp({ text: { ...text, dpi: 72 } })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let differing = 0;
  let ink = 0;
  for (let y = 0; y < reference.info.height; y++)
    for (let x = 0; x < reference.info.width; x++) {
      const expected = 255 - reference.data[y * reference.info.width + x]!;
      if (expected < 128) ink++;
      if (Math.abs(expected - png.at(left + x, top + y)[0]!) > 60) differing++;
    }
  return { ink, differing };
}

describe('image template rendering', () => {
  let t: TestApp;
  let mediaDir: string;
  let fontId: number;
  let productId: number;
  let branchId: number;

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'template-render-'));
    t = await startTestApp({ authenticator: new HeaderAuthenticator(), env: { MEDIA_DIR: mediaDir } });
    const ttf = await readFile(FONT);
    const upload = await t.request(
      'POST',
      '/api/uploads',
      { data: `data:font/ttf;base64,${ttf.toString('base64')}`, name: 'serif.ttf' },
      admin,
    );
    // The owner's name for the family differs from the file's ("DejaVu Serif"): the file's name counts.
    fontId = (
      await t.request(
        'POST',
        '/api/fonts',
        { family: 'Hausschrift', upload: { id: upload.body.data.id } },
        admin,
      )
    ).body.data.id;
    const product = await t.request(
      'POST',
      '/api/products',
      { name: 'Käsespätzle', price: 12.5, tax: 10, takeawayTax: 10, dineInTax: 10 },
      admin,
    );
    expect(product.status).toBe(201);
    productId = product.body.data.id;
    const branch = await t.request(
      'POST',
      '/api/branches',
      { identifier: 'linde', name: 'Zur Linde', street: 'Hauptstraße 1', zipCode: '1010', city: 'Wien' },
      admin,
    );
    expect(branch.status).toBe(201);
    branchId = branch.body.data.id;
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  async function template(body: Record<string, unknown>) {
    const res = await t.request(
      'POST',
      '/api/image-templates',
      { name: 'Tagesgericht', width: 400, height: 200, background: '#ffffff', ...body },
      admin,
    );
    expect(res.status).toBe(201);
    return res.body.data;
  }

  it('keeps layer ids on PUT: kept layers update in place, new ones are added, left-out ones go', async () => {
    const created = await template({
      identifier: 'ids',
      layers: [
        { type: 'shape', x: 0, y: 0, width: 10, height: 10, color: '#ff0000' },
        { type: 'text', x: 5, y: 5, width: 100, height: 40, text: 'A', locked: true },
      ],
    });
    const [shape, text] = created.layers;
    expect(text).toMatchObject({ locked: true, position: 1 });
    const updated = await t.request(
      'PUT',
      `/api/image-templates/${created.id}`,
      {
        ...created,
        isPublished: true,
        layers: [
          { ...text, x: 50, text: 'B', locked: false },
          { type: 'shape', width: 20, height: 20, color: '#00ff00' },
        ],
      },
      admin,
    );
    expect(updated.status).toBe(200);
    const layers = updated.body.data.layers;
    expect(updated.body.data.isPublished).toBe(true);
    expect(layers[0]).toMatchObject({ id: text.id, x: 50, text: 'B', locked: false, position: 0 });
    expect(layers[1].id).not.toBe(shape.id);
    expect(layers[1].id).not.toBe(text.id);
    const read = (await t.request('GET', `/api/image-templates/${created.id}`, undefined, admin)).body.data;
    expect(read.layers.map((l: { id: number }) => l.id)).toEqual([text.id, layers[1].id]);
  });

  it('renders PNG and JPEG at the size: shape colour at a point, text pixels, bound variables, cache and ETag', async () => {
    const tpl = await template({
      identifier: 'tagesgericht',
      isPublished: true,
      layers: [
        { type: 'shape', x: 0, y: 150, width: 400, height: 50, color: '#e8620c' },
        {
          type: 'text',
          x: 10,
          y: 10,
          width: 380,
          height: 60,
          text: '{product.name}',
          font: { id: fontId },
          fontSize: 40,
          color: '#000000',
        },
        {
          type: 'text',
          x: 10,
          y: 80,
          width: 380,
          height: 60,
          text: '{product.price} – {branch.name} {text}',
          fontSize: 24,
          color: '#000000',
          textAlign: 'right',
        },
      ],
    });
    const url = `${t.baseUrl}/api/image-templates/${tpl.id}/render.png?product=${productId}&branch=${branchId}&text=heute`;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    const png = await pixels(await res.arrayBuffer());
    expect([png.info.width, png.info.height]).toEqual([400, 200]);
    expect(png.at(200, 175)).toEqual([0xe8, 0x62, 0x0c]);
    expect(png.at(200, 5)).toEqual([255, 255, 255]);
    expect(png.inked(10, 10, 380, 60, [255, 255, 255])).toBeGreaterThan(300);

    // The product's name drawn with the uploaded font: the same pixels as sharp drawing it with that file.
    const { ink, differing } = await againstText(png, [10, 10], {
      text: 'Käsespätzle',
      font: 'DejaVu Serif 40',
      fontfile: FONT.pathname,
      width: 380,
    });
    expect(ink).toBeGreaterThan(300);
    expect(differing / ink).toBeLessThan(0.02);

    // Another product name changes the hash and the pixels; an unbound variable stays as written.
    const plain = await fetch(`${t.baseUrl}/api/image-templates/${tpl.id}/render.png`);
    expect(plain.headers.get('etag')).not.toBe(etag);

    // The same content again: the cached file, and 304 for the player's ETag.
    expect(res.headers.get('x-render-cache')).toBe('miss');
    const again = await fetch(url);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('x-render-cache')).toBe('hit');
    const notModified = await fetch(url, { headers: { 'if-none-match': etag! } });
    expect(notModified.status).toBe(304);

    const jpg = await fetch(
      `${t.baseUrl}/api/image-templates/${tpl.id}/render.jpg?product=${productId}&download`,
    );
    expect(jpg.status).toBe(200);
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    expect(jpg.headers.get('content-disposition')).toContain('tagesgericht.jpg');
    const jpeg = await pixels(await jpg.arrayBuffer());
    expect([jpeg.info.width, jpeg.info.height]).toEqual([400, 200]);
    const orange = jpeg.at(200, 175);
    expect(
      Math.abs(orange[0]! - 0xe8) + Math.abs(orange[1]! - 0x62) + Math.abs(orange[2]! - 0x0c),
    ).toBeLessThan(30);

    // Drawn layers are kept between renders: a changed template draws its new pixels. The shape in
    // another colour over a picture that covers the canvas, then the picture replaced (a new version).
    const picture = async (background: string) =>
      `data:image/png;base64,${(
        await sharp({ create: { width: 400, height: 200, channels: 3, background } })
          .png()
          .toBuffer()
      ).toString('base64')}`;
    const image = await t.request('POST', '/api/images', { data: await picture('#339933') }, admin);
    expect(image.status).toBe(201);
    const [shape, ...texts] = tpl.layers as Record<string, unknown>[];
    const changed = await t.request(
      'PUT',
      `/api/image-templates/${tpl.id}`,
      {
        ...tpl,
        layers: [
          { type: 'image', x: 0, y: 0, width: 400, height: 200, image: { id: image.body.data.id } },
          { ...shape, color: '#0c62e8' },
          ...texts,
        ],
      },
      admin,
    );
    expect(changed.status).toBe(200);
    // Each render starts from the picture, not from the one before: the wider unbound name first.
    const green = [0x33, 0x99, 0x33];
    const wide = await pixels(
      await (await fetch(`${t.baseUrl}/api/image-templates/${tpl.id}/render.png`)).arrayBuffer(),
    );
    expect(wide.inked(300, 10, 90, 60, green)).toBeGreaterThan(50);
    const redrawn = await pixels(await (await fetch(url)).arrayBuffer());
    expect(redrawn.at(200, 175)).toEqual([0x0c, 0x62, 0xe8]);
    expect(redrawn.at(200, 5)).toEqual(green);
    expect(redrawn.inked(10, 10, 380, 60, green)).toBeGreaterThan(300);
    expect(redrawn.inked(300, 10, 90, 60, green)).toBe(0);
    const replaced = await t.request(
      'PUT',
      `/api/images/${image.body.data.id}`,
      { data: await picture('#993399') },
      admin,
    );
    expect(replaced.body.data.version).toBe(2);
    const repainted = await pixels(await (await fetch(url)).arrayBuffer());
    expect(repainted.at(200, 5)).toEqual([0x99, 0x33, 0x99]);
    expect(repainted.at(200, 175)).toEqual([0x0c, 0x62, 0xe8]);
  });

  it('draws with a WOFF2 font file as with its TrueType original, not with the fallback family', async () => {
    const compressed = Buffer.from(await woff2.compress(await readFile(FONT)));
    expect(compressed.toString('latin1', 0, 4)).toBe('wOF2');
    const upload = await t.request(
      'POST',
      '/api/uploads',
      { data: `data:font/woff2;base64,${compressed.toString('base64')}`, name: 'serif.woff2' },
      admin,
    );
    expect(upload.status).toBe(201);
    const font = await t.request(
      'POST',
      '/api/fonts',
      { family: 'Hausschrift komprimiert', upload: { id: upload.body.data.id } },
      admin,
    );
    expect(font.status).toBe(201);
    const tpl = await template({
      identifier: 'woff2-schrift',
      isPublished: true,
      layers: [
        {
          type: 'text',
          x: 10,
          y: 10,
          width: 380,
          height: 60,
          text: 'Käsespätzle',
          font: { id: font.body.data.id },
          fontSize: 40,
          color: '#000000',
        },
      ],
    });
    const res = await fetch(`${t.baseUrl}/api/image-templates/${tpl.id}/render.png`);
    expect(res.status).toBe(200);
    const png = await pixels(await res.arrayBuffer());
    const text = { text: 'Käsespätzle', width: 380 };
    const serif = await againstText(png, [10, 10], {
      ...text,
      font: 'DejaVu Serif 40',
      fontfile: FONT.pathname,
    });
    expect(serif.differing / serif.ink).toBeLessThan(0.02);
    const fallback = await againstText(png, [10, 10], { ...text, font: 'DejaVu Sans 40' });
    expect(fallback.differing / fallback.ink).toBeGreaterThan(0.1);
  });

  it('binds the price in German money format, with umlauts, ß and € drawn as glyphs', async () => {
    const tpl = await template({
      identifier: 'preis',
      isPublished: true,
      layers: [
        {
          type: 'text',
          x: 0,
          y: 0,
          width: 400,
          height: 200,
          text: 'Grüße {product.price}',
          font: { id: fontId },
          fontSize: 40,
        },
      ],
    });
    const render = async (query: string) =>
      Buffer.from(
        await (await fetch(`${t.baseUrl}/api/image-templates/${tpl.id}/render.png${query}`)).arrayBuffer(),
      );
    const bound = await pixels(await render(`?product=${productId}`));
    // "Grüße 12,50 €" as sharp draws it with the font file: within a few pixels.
    const { ink, differing } = await againstText(bound, [0, 0], {
      text: 'Grüße 12,50\u00a0€',
      font: 'DejaVu Serif 40',
      fontfile: FONT.pathname,
      width: 400,
    });
    expect(ink).toBeGreaterThan(300);
    expect(differing / ink).toBeLessThan(0.02);
    // Not the same as the unbound text: the variable was replaced.
    const unbound = await pixels(await render(''));
    expect(unbound.inked(0, 0, 400, 200, [255, 255, 255])).not.toBe(
      bound.inked(0, 0, 400, 200, [255, 255, 255]),
    );
  });

  it('shrinks a long text to fit its box', async () => {
    const tpl = await template({
      identifier: 'schrumpfen',
      layers: [
        {
          type: 'text',
          x: 0,
          y: 0,
          width: 200,
          height: 60,
          text: 'Ein sehr langer Text, der in dieser Größe niemals in die Box passt',
          fontSize: 80,
        },
      ],
    });
    const png = await pixels(
      Buffer.from(
        await (
          await fetch(`${t.baseUrl}/api/image-templates/${tpl.id}/render.png`, { headers: admin })
        ).arrayBuffer(),
      ),
    );
    expect(png.inked(0, 0, 200, 60, [255, 255, 255])).toBeGreaterThan(100);
    expect(png.inked(0, 60, 400, 140, [255, 255, 255])).toBe(0);
    expect(png.inked(200, 0, 200, 60, [255, 255, 255])).toBe(0);
  });

  it('renders unpublished templates for staff only; bad variables are a 400 naming the field', async () => {
    const tpl = await template({ identifier: 'entwurf', layers: [] });
    const path = `/api/image-templates/${tpl.id}/render.png`;
    expect((await t.request('GET', path)).status).toBe(404);
    expect((await t.request('GET', path, undefined, asUser(['ROLE_EMPLOYEE']))).status).toBe(404);
    expect((await t.request('GET', path, undefined, admin)).status).toBe(200);
    expect((await t.request('GET', '/api/image-templates/999999/render.png', undefined, admin)).status).toBe(
      404,
    );
    const badProduct = await t.request('GET', `${path}?product=abc`, undefined, admin);
    expect(badProduct.status).toBe(400);
    expect(badProduct.body.errors[0].field).toBe('product');
    const unknownProduct = await t.request('GET', `${path}?product=999999`, undefined, admin);
    expect(unknownProduct.body.errors[0]).toEqual({
      message: 'Das Produkt existiert nicht.',
      field: 'product',
    });
    const long = await t.request('GET', `${path}?text=${'x'.repeat(501)}`, undefined, admin);
    expect(long.body.errors[0].field).toBe('text');
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);
const employee = asUser(['ROLE_EMPLOYEE'], [1], 7);

async function pngDataUrl(width: number, height: number, colour = '#e8620c'): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('images (/api/images and /image/...)', () => {
  let t: TestApp;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'media-images-'));
    t = await startTestApp({ authenticator: new HeaderAuthenticator(), env: { MEDIA_DIR: mediaDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('stores a picture from a data URL and serves it and its sizes with immutable caching', async () => {
    const created = await t.request(
      'POST',
      '/api/images',
      { data: await pngDataUrl(1200, 800), name: 'Estrich.png', alt: 'Frischer Estrich' },
      admin,
    );
    expect(created.status).toBe(201);
    const image = created.body.data;
    expect(image).toMatchObject({
      version: 1,
      extension: 'png',
      width: 1200,
      height: 800,
      name: 'Estrich.png',
      alt: 'Frischer Estrich',
      mimeType: 'image/png',
    });
    expect(image).not.toHaveProperty('storageKey');

    const original = await fetch(`${t.baseUrl}/image/${image.id}-1.png`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = original.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(1200);

    const again = await fetch(`${t.baseUrl}/image/${image.id}-1.png`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);

    const small = await fetch(`${t.baseUrl}/image/small/${image.id}-1.png`);
    expect(small.status).toBe(200);
    expect(small.headers.get('cache-control')).toContain('immutable');
    const smallMeta = await sharp(Buffer.from(await small.arrayBuffer())).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([320, 213]);

    const product = await fetch(`${t.baseUrl}/image/product/${image.id}-1.png`);
    const productMeta = await sharp(Buffer.from(await product.arrayBuffer())).metadata();
    expect([productMeta.width, productMeta.height]).toEqual([600, 600]);

    const box = await fetch(`${t.baseUrl}/image/custom/box/${image.id}-1.png`);
    expect(box.status).toBe(200);
    const boxMeta = await sharp(Buffer.from(await box.arrayBuffer())).metadata();
    expect([boxMeta.width, boxMeta.height]).toEqual([600, 400]);
    // The rendered size stays on disk for the next request.
    expect((await filesUnder(mediaDir)).some((f) => f.includes(`cache/images/${image.id}/1/small.png`))).toBe(
      true,
    );

    expect((await t.request('GET', `/image/huge/${image.id}-1.png`)).status).toBe(404);
    expect((await t.request('GET', `/image/${image.id}-1.jpg`)).status).toBe(404);
    const unknown = await t.request('GET', '/image/999999-1.png');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].message).toBeTruthy();
  });

  it('refuses what is not an accepted picture, in German, naming the field data', async () => {
    const pdf = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n').toString('base64')}`;
    const wrongType = await t.request('POST', '/api/images', { data: pdf }, admin);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0]).toEqual({
      field: 'data',
      message:
        'Der Dateityp der Datei ist ungültig (application/pdf). Erlaubte Dateitypen sind jpg, jpeg, png, gif, webp, svg.',
    });
    // A PNG signature, but the rest is not a picture.
    const corrupt = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('kaputt'),
    ]);
    const broken = await t.request(
      'POST',
      '/api/images',
      { data: `data:image/png;base64,${corrupt.toString('base64')}` },
      admin,
    );
    expect(broken.body.errors[0]).toEqual({ field: 'data', message: 'Diese Datei ist kein gültiges Bild.' });
    // Declared as PNG, but the bytes are text: the content decides.
    const text = await t.request(
      'POST',
      '/api/images',
      { data: `data:image/png;base64,${Buffer.from('kein Bild').toString('base64')}` },
      admin,
    );
    expect(text.body.errors[0].message).toContain('(text/plain)');
    const tiff = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .tiff()
      .toBuffer();
    const tiffRes = await t.request(
      'POST',
      '/api/images',
      { data: `data:image/tiff;base64,${tiff.toString('base64')}` },
      admin,
    );
    expect(tiffRes.body.errors[0].message).toContain('(image/tiff)');
    const missing = await t.request('POST', '/api/images', { name: 'leer' }, admin);
    expect(missing.body.errors[0]).toEqual({ field: 'data', message: 'Dieser Wert sollte nicht leer sein.' });
    const notDataUrl = await t.request('POST', '/api/images', { data: 'http://example.com/x.png' }, admin);
    expect(notDataUrl.body.errors[0].field).toBe('data');
    const tooLarge = await t.request(
      'POST',
      '/api/images',
      { data: `data:image/png;base64,${'A'.repeat(21 * 1024 * 1024)}` },
      admin,
    );
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors[0]).toEqual({
      field: 'data',
      message: 'Die Datei ist zu groß. Die maximal zulässige Größe beträgt 15 MB.',
    });
  });

  it('accepts a plain SVG drawing and refuses one that carries script or outside references', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#e8620c"/></svg>';
    const ok = await t.request(
      'POST',
      '/api/images',
      { data: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` },
      admin,
    );
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ extension: 'svg', width: 40, height: 20 });
    const served = await fetch(`${t.baseUrl}/image/large/${ok.body.data.id}-1.svg`);
    expect(served.headers.get('content-type')).toContain('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');

    for (const evil of [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1" height="1"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd" width="9" height="9"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="jav&#x61;script:alert(1)"><rect width="1" height="1"/></a></svg>',
    ]) {
      const res = await t.request(
        'POST',
        '/api/images',
        { data: `data:image/svg+xml;base64,${Buffer.from(evil).toString('base64')}` },
        admin,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({ field: 'data', message: 'Diese Datei ist kein gültiges Bild.' });
    }
  });

  it('raises the version when the file is replaced; the old URL is gone; delete removes the files', async () => {
    const created = (await t.request('POST', '/api/images', { data: await pngDataUrl(100, 100) }, admin)).body
      .data;
    await fetch(`${t.baseUrl}/image/tiny/${created.id}-1.png`);
    const read = await t.request('GET', `/api/images/${created.id}`, undefined, admin);
    // PUT with the entity as GET returned it only renames.
    const renamed = await t.request(
      'PUT',
      `/api/images/${created.id}`,
      { ...read.body.data, name: 'Neu' },
      admin,
    );
    expect(renamed.body.data).toMatchObject({ version: 1, name: 'Neu' });

    const replaced = await t.request(
      'PUT',
      `/api/images/${created.id}`,
      { data: await pngDataUrl(50, 40, '#888888') },
      admin,
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ version: 2, width: 50, height: 40, name: 'Neu' });
    expect((await t.request('GET', `/image/${created.id}-1.png`)).status).toBe(404);
    expect((await t.request('GET', `/image/tiny/${created.id}-1.png`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/image/${created.id}-2.png`)).status).toBe(200);

    const logs = await t.request(
      'GET',
      `/api/logs?entityType=images&entityId=${created.id}`,
      undefined,
      admin,
    );
    expect(logs.body.data.map((l: { action: string }) => l.action)).toEqual(['update', 'update', 'create']);

    const before = await filesUnder(mediaDir);
    expect(before.some((f) => f.startsWith(`cache/images/${created.id}/`))).toBe(false);
    expect((await t.request('DELETE', `/api/images/${created.id}`, undefined, admin)).status).toBe(200);
    expect((await t.request('GET', `/api/images/${created.id}`, undefined, admin)).status).toBe(404);
    expect((await t.request('GET', `/image/${created.id}-2.png`)).status).toBe(404);
    expect((await filesUnder(mediaDir)).length).toBe(before.length - 1);
  });

  it('lists with paging, search and sort, and keeps the list for media readers', async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      await t.request(
        'POST',
        '/api/images',
        { data: await pngDataUrl(10, 10), name: `Liste ${name}` },
        admin,
      );
    }
    const page = await t.request('GET', '/api/images?q=liste&sort=-name&limit=2&page=1', undefined, admin);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect(page.body.data.map((i: { name: string }) => i.name)).toEqual(['Liste Gamma', 'Liste Beta']);
    expect((await t.request('GET', '/api/images')).status).toBe(401);
    expect((await t.request('GET', '/api/images', undefined, employee)).status).toBe(403);
    expect((await t.request('POST', '/api/images', { data: await pngDataUrl(5, 5) }, employee)).status).toBe(
      403,
    );
  });
});

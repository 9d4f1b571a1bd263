import sharp from 'sharp';
import { Font } from '../src/media/font.entity.js';
import { fontFaceCss, variantFace } from '../src/media/font-files.controller.js';
import type { Upload } from '../src/media/upload.entity.js';
import { shortName } from '../src/web/app-manifest.controller.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);

describe('installable app: manifest, icons, font stylesheets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, authenticator: new HeaderAuthenticator() });
  });
  afterAll(() => t.close());

  it('serves the manifest from the shop config, revalidated by ETag', async () => {
    const res = await t.request('GET', '/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.body).toMatchObject({
      name: 'Gruber & Linde',
      short_name: 'Gruber',
      lang: 'de',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#c2410c',
    });
    expect(res.body.icons.map((icon: { purpose: string }) => icon.purpose)).toEqual([
      'any',
      'any',
      'maskable',
    ]);
    const again = await t.request('GET', '/manifest.webmanifest', undefined, {
      'if-none-match': res.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
  });

  it('follows a renamed shop at once', async () => {
    const config = (await t.request('GET', '/api/config', undefined, admin)).body.data;
    const { secrets: _secrets, ...rest } = config;
    const saved = await t.request('POST', '/api/config', { ...rest, shopName: 'Linde' }, admin);
    expect(saved.status).toBe(200);
    const res = await t.request('GET', '/manifest.webmanifest');
    expect(res.body).toMatchObject({ name: 'Linde', short_name: 'Linde' });
  });

  it.each([
    ['192.png', 192],
    ['512.png', 512],
    ['maskable-512.png', 512],
    ['apple-touch-icon.png', 180],
  ])('draws the icon %s (%i px) as PNG', async (file, size) => {
    const res = await fetch(`${t.baseUrl}/app-icon/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([size, size]);
  });

  it('answers an unknown icon with 404 and never with the web app', async () => {
    const res = await t.request('GET', '/app-icon/1024.png');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('json');
  });

  it('lets the page register its worker and read the manifest (CSP)', async () => {
    const csp = (await t.request('GET', '/')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("font-src 'self'");
  });

  it('serves the stylesheet of a configured font per family and variant, cacheable', async () => {
    expect(
      (await t.request('POST', '/api/fonts', { family: 'Open Sans', variant: '700italic' }, admin)).status,
    ).toBe(201);
    const res = await t.request('GET', '/font/Open%20Sans/style-700italic.embed.css');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/css');
    expect(res.headers.get('cache-control')).toContain('max-age=86400');
    expect(res.body).toContain('font-family: "Open Sans";');
    expect(res.body).toContain('font-weight: 700;');
    expect(res.body).toContain('font-style: italic;');
    expect(res.body).toContain('src: local("Open Sans");');
    expect(res.body).not.toMatch(/https?:\/\//);
    const again = await t.request('GET', '/font/Open%20Sans/style-700italic.embed.css', undefined, {
      'if-none-match': res.headers.get('etag')!,
    });
    expect(again.status).toBe(304);

    expect((await t.request('GET', '/font/Open%20Sans/style-regular.embed.css')).status).toBe(404);
    expect((await t.request('GET', '/font/Open%20Sans/style-fett.embed.css')).status).toBe(404);
    expect((await t.request('GET', '/font/Unbekannt/style-regular.embed.css')).status).toBe(404);
  });
});

describe(fontFaceCss.name, () => {
  it('points at the self-hosted file first, then the local font', () => {
    const font = Object.assign(new Font(), {
      family: 'Lato "X"',
      variant: 'regular',
      upload: { id: 7, version: 2, extension: 'woff2', publicHash: 'abc' } as Upload,
    });
    expect(fontFaceCss(font)).toContain(
      'src: url("/upload/abc/7-2.woff2") format("woff2"), local("Lato \\"X\\"");',
    );
    expect(variantFace('regular')).toEqual({ weight: 400, style: 'normal' });
    expect(variantFace('italic')).toEqual({ weight: 400, style: 'italic' });
    expect(variantFace('300')).toEqual({ weight: 300, style: 'normal' });
  });
});

describe(shortName.name, () => {
  it('keeps short names and shortens long ones to their first word', () => {
    expect(shortName('Linde')).toBe('Linde');
    expect(shortName('Gasthaus Zur Linde')).toBe('Gasthaus');
    expect(shortName('Bestellplattformverwaltung')).toBe('Bestellplatt');
  });
});

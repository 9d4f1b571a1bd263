import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { t as text } from '@ordering/common';
import sharp from 'sharp';
import { MediaSweeper, SWEEP_GRACE_MS } from '../src/media/media-sweeper.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

/** A picture of noise (so that it does not compress to nothing), cut after `fraction` of its bytes. */
async function truncated(format: 'png' | 'jpeg', fraction: number): Promise<Buffer> {
  const width = 300;
  const height = 300;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 3) * 104729) & 0xff;
  const pipeline = sharp(noise, { raw: { width, height, channels: 3 } });
  const full = await (format === 'png' ? pipeline.png() : pipeline.jpeg()).toBuffer();
  return full.subarray(0, Math.floor(full.length * fraction));
}

describe('safe files and links', () => {
  let t: TestApp;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'security-media-'));
    t = await startTestApp({ authenticator: new HeaderAuthenticator(), env: { MEDIA_DIR: mediaDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
  ] as const)(
    'refuses a %s whose header promises more than its data holds, at upload, in German',
    async (format, mime) => {
      const bytes = await truncated(format, 0.6);
      // The header alone still reads fine: only decoding every pixel finds the hole.
      expect((await sharp(bytes).metadata()).width).toBe(300);
      const res = await t.request(
        'POST',
        '/api/images',
        { data: dataUrl(mime, bytes), name: 'kaputt' },
        admin,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ message: text('validation.image'), field: 'data' });
    },
  );

  it('serves sizes only from its list: constructor, __proto__ and the like are 404, not 500', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const created = await t.request(
      'POST',
      '/api/images',
      { data: dataUrl('image/png', png), name: 'ok' },
      admin,
    );
    expect(created.status).toBe(201);
    const file = `${created.body.data.id}-1.png`;
    expect((await fetch(`${t.baseUrl}/image/small/${file}`)).status).toBe(200);
    for (const size of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await fetch(`${t.baseUrl}/image/${size}/${file}`);
      expect({ size, status: res.status }).toEqual({ size, status: 404 });
      const custom = await fetch(`${t.baseUrl}/image/custom/${size}/${file}`);
      expect({ size, status: custom.status }).toEqual({ size, status: 404 });
    }
  });

  it.each([
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="jav&#x09;ascript:alert(1)"><rect width="9" height="9"/></a></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://evil.example"/></foreignObject></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="href" to="javascript:alert(1)"/></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/x.png" width="9" height="9"/></svg>',
  ])('refuses an SVG that could run script or load something: %s', async (svg) => {
    const res = await t.request(
      'POST',
      '/api/images',
      { data: dataUrl('image/svg+xml', Buffer.from(svg)), name: 'zeichnung' },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('data');
  });

  it('checks a replacement file as it checks a new one: an unsafe SVG cannot come in by an update', async () => {
    const created = await t.request(
      'POST',
      '/api/uploads',
      {
        data: dataUrl(
          'image/svg+xml',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9"/></svg>'),
        ),
        name: 'plan.svg',
      },
      admin,
    );
    expect(created.status).toBe(201);
    const replaced = await t.request(
      'PUT',
      `/api/uploads/${created.body.data.id}`,
      {
        data: dataUrl(
          'image/svg+xml',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        ),
        name: 'plan.svg',
      },
      admin,
    );
    expect(replaced.status).toBe(400);
    expect(replaced.body.errors[0].field).toBe('data');
    const read = await t.request('GET', `/api/uploads/${created.body.data.id}`, undefined, admin);
    expect(read.body.data.version).toBe(1);
  });

  it.each([
    ['/\\evil.example', 400],
    ['//evil.example', 400],
    ['/\t/evil.example', 400],
    ['javascript:alert(1)', 400],
    ['/store/estrich-graz', 201],
    ['https://example.at/kontakt', 201],
  ])('a hero button to %j is answered %d', async (url, status) => {
    const res = await t.request(
      'POST',
      '/api/blocks',
      {
        identifier: `held-${Math.random().toString(36).slice(2, 8)}`,
        type: 'hero',
        content: { title: 'Willkommen', buttons: [{ label: 'Los', url }] },
      },
      admin,
    );
    expect({ url, status: res.status }).toEqual({ url, status });
    if (status === 400) expect(res.body.errors[0].message).toBe('Dieser Wert ist keine gültige URL.');
  });

  it('stores plain-text CMS fields as the text they are (the web app escapes them), not as HTML', async () => {
    const title = '<script>alert("x")</script> & <b>fett</b>';
    const block = await t.request(
      'POST',
      '/api/blocks',
      { identifier: 'klartext', type: 'hero', content: { title, buttons: [] } },
      admin,
    );
    expect(block.status).toBe(201);
    expect(block.body.data.content.title).toBe(title);
    const read = await t.request('GET', `/api/blocks/${block.body.data.id}`);
    expect(read.body.data.content.title).toBe(title);
    // JSON, never HTML: a browser opening the answer directly does not render it.
    expect(read.headers.get('content-type')).toContain('application/json');
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each(['\\evil.example', '/evil.example', 'a/b'])(
    'a navigation item to the site %j is refused (the web app links to /{target})',
    async (target) => {
      const res = await t.request(
        'POST',
        '/api/navigations',
        {
          identifier: `nav-${Math.random().toString(36).slice(2, 8)}`,
          items: [{ type: 'site', target, label: 'X' }],
        },
        admin,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe('Dieser Wert ist keine gültige URL.');
    },
  );
});

describe('orphan files after a crash', () => {
  let mediaDir: string;
  afterEach(async () => {
    await rm(mediaDir, { recursive: true, force: true });
  });

  async function leave(key: string, ageMs: number): Promise<void> {
    const file = path.join(mediaDir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'x');
    const at = new Date(Date.now() - ageMs);
    await utimes(file, at, at);
    if (key.startsWith('cache/')) {
      const folder = path.join(mediaDir, ...key.split('/').slice(0, 3));
      await utimes(folder, at, at);
    }
  }

  async function filesUnder(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  }

  it('are removed at the next start; files of rows, and files younger than the grace period, stay', async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'security-sweep-'));
    const old = SWEEP_GRACE_MS + 60_000;
    // What a crash between writing a file and committing its row leaves behind.
    await leave('images/0123456789abcdef.png', old);
    await leave('uploads/fedcba9876543210.pdf', old);
    await leave('images/0123456789abcdef.png.a1b2c3.tmp', old);
    await leave('cache/images/424242/1/small.png', old);
    // A write in flight right now (another instance's transaction).
    await leave('images/ffffffffffffffff.png', 1000);

    const t = await startTestApp({ authenticator: new HeaderAuthenticator(), env: { MEDIA_DIR: mediaDir } });
    try {
      await t.app.get(MediaSweeper).whenStarted();
      expect(await filesUnder(mediaDir)).toEqual(['images/ffffffffffffffff.png']);

      // A stored image survives any sweep, however old.
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .png()
        .toBuffer();
      const created = await t.request('POST', '/api/images', { data: dataUrl('image/png', png) }, admin);
      expect(created.status).toBe(201);
      expect((await fetch(`${t.baseUrl}/image/tiny/${created.body.data.id}-1.png`)).status).toBe(200);
      const removed = await t.app.get(MediaSweeper).sweep(0);
      expect(removed).toEqual(['images/ffffffffffffffff.png']);
      expect((await fetch(`${t.baseUrl}/image/${created.body.data.id}-1.png`)).status).toBe(200);
      expect((await fetch(`${t.baseUrl}/image/tiny/${created.body.data.id}-1.png`)).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

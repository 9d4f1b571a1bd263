import { createHash } from 'node:crypto';
import { Image } from '../src/media/image.entity.js';
import { Upload } from '../src/media/upload.entity.js';
import { SignagePlayer1795920000000 } from '../src/database/migrations/operations/1795920000000-signage-player.js';
import { DigitalSignageDevice } from '../src/operations/signage/digital-signage-device.entity.js';
import { admin, makeBranch, makeUser } from './operations.fixtures.js';
import { HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The TV's player (docs/decisions/signage.md): its key, its manifest and its heartbeat, against the real
 * backend and database.
 */
describe('signage player (/api/digital-signage-devices/{id}/api-key, /api/signage/{identifier}/{key}/…)', () => {
  let t: TestApp;
  let wien: { id: number };
  let image: Image;
  let video: Upload;
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
    wien = await makeBranch(t, 'signage-wien');
    image = await t.dataSource
      .getRepository(Image)
      .save({ extension: 'png', mimeType: 'image/png', width: 1920, height: 1080, name: 'Menü', size: 1234 });
    video = await t.dataSource.getRepository(Upload).save({
      extension: 'mp4',
      mimeType: 'video/mp4',
      publicHash: 'd'.repeat(32),
      name: 'Küche.mp4',
      size: 99,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const created = async (path: string, body: unknown) => {
    const res = await t.request('POST', path, body, admin);
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  };
  /** A TV with a stream of: image (8 s), video, an expired image, a disabled one, an image from December. */
  const setUp = async (identifier: string) => {
    const menu = await created('/api/digital-signage-segments', {
      name: 'Menü',
      type: 'image',
      image: { id: image.id },
      duration: 8,
    });
    const kitchen = await created('/api/digital-signage-segments', {
      name: 'Küche',
      type: 'video',
      video: { id: video.id },
    });
    const expired = await created('/api/digital-signage-segments', {
      name: 'Vorbei',
      type: 'image',
      image: { id: image.id },
      duration: 5,
      validUntil: '2026-11-01T00:00:00Z',
    });
    const off = await created('/api/digital-signage-segments', {
      name: 'Aus',
      type: 'image',
      image: { id: image.id },
      duration: 5,
      isEnabled: false,
    });
    const december = await created('/api/digital-signage-segments', {
      name: 'Advent',
      type: 'image',
      image: { id: image.id },
      duration: 6,
      validFrom: '2026-12-01T00:00:00Z',
      validUntil: '2026-12-24T00:00:00Z',
    });
    const stream = await created('/api/digital-signage-streams', {
      name: `Stream ${identifier}`,
      identifier: `stream-${identifier}`,
      segments: [{ id: menu }, { id: expired }, { id: kitchen }, { id: off }, { id: december }],
    });
    const tv = await created('/api/digital-signage-devices', {
      identifier,
      name: 'Schaufenster',
      branch: { id: wien.id },
      stream: { id: stream },
      orientation: 'portrait',
      resolution: '1080x1920',
    });
    return { tv, stream, menu, kitchen, december };
  };
  const issue = (id: number, headers = admin) =>
    t.request('POST', `/api/digital-signage-devices/${id}/api-key`, undefined, headers);

  it('issues a key once (stored as its hash) with the player URL; a new key stops the old one', async () => {
    const { tv } = await setUp('tv-key');
    const res = await issue(tv);
    expect(res.status).toBe(200);
    const { key, url } = res.body.data as { key: string; url: string };
    expect(key).toMatch(/^[0-9a-f]{48}$/);
    expect(url).toBe(`/signage/tv-key/${key}`);
    const stored = await t.dataSource
      .getRepository(DigitalSignageDevice)
      .findOne({ where: { id: tv }, select: { id: true, apiKeyHash: true, apiKeyHint: true } });
    expect(stored!.apiKeyHash).toBe(createHash('sha256').update(key).digest('hex'));
    // The back office sees only the mask, never the key.
    const read = await t.request('GET', `/api/digital-signage-devices/${tv}`, undefined, admin);
    expect(read.body.data.apiKeyHint).toBe(`••••••••${key.slice(-4)}`);
    expect(JSON.stringify(read.body)).not.toContain(key);
    expect(JSON.stringify(read.body)).not.toContain(stored!.apiKeyHash);
    expect((await t.request('GET', `/api/signage/tv-key/${key}/manifest`)).status).toBe(200);

    const again = await issue(tv);
    expect(again.body.data.key).not.toBe(key);
    expect((await t.request('GET', `/api/signage/tv-key/${key}/manifest`)).status).toBe(404);
    expect((await t.request('GET', `/api/signage/tv-key/${again.body.data.key}/manifest`)).status).toBe(200);
    expect((await issue(999999)).status).toBe(404);
  });

  it('lets only signage managers issue keys', async () => {
    const { tv } = await setUp('tv-rights');
    const employee = await makeUser(t, 'signage-employee', ['ROLE_EMPLOYEE'], [wien.id]);
    expect((await issue(tv, employee.headers)).status).toBe(403);
    expect((await t.request('POST', `/api/digital-signage-devices/${tv}/api-key`)).status).toBe(401);
  });

  it('answers the manifest: segments in order, validity, orientation and resolution, ETag', async () => {
    const { tv, menu, kitchen, december } = await setUp('tv-manifest');
    const key = (await issue(tv)).body.data.key as string;
    const res = await t.request('GET', `/api/signage/tv-manifest/${key}/manifest`);
    expect(res.status).toBe(200);
    const m = res.body.data;
    expect(m.tv).toEqual({
      identifier: 'tv-manifest',
      name: 'Schaufenster',
      orientation: 'portrait',
      width: 1080,
      height: 1920,
    });
    expect(m.loop).toBe(true);
    // Expired and disabled segments are left out; one that starts later stays (the player waits for it).
    expect(m.segments.map((s: { id: number }) => s.id)).toEqual([menu, kitchen, december]);
    expect(m.segments[0]).toMatchObject({
      position: 0,
      type: 'image',
      name: 'Menü',
      url: `/image/${image.id}-1.png`,
      duration: 8,
      validFrom: null,
      validUntil: null,
    });
    expect(m.segments[1]).toMatchObject({
      position: 1,
      type: 'video',
      url: `/upload/${'d'.repeat(32)}/${video.id}-1.mp4`,
      duration: null,
    });
    expect(m.segments[2]).toMatchObject({
      validFrom: '2026-12-01T00:00:00.000Z',
      validUntil: '2026-12-24T00:00:00.000Z',
    });
    expect(m.segments[0].hash).toMatch(/^[\w-]{20,}$/);
    expect(m.segments[1].hash).not.toBe(m.segments[0].hash);

    const etag = res.headers.get('etag')!;
    expect(etag).toBe(`"${m.version}"`);
    const same = await t.request('GET', `/api/signage/tv-manifest/${key}/manifest`, undefined, {
      'if-none-match': etag,
    });
    expect(same.status).toBe(304);
    // A change to the stream is a new version.
    await t.request(
      'PUT',
      `/api/digital-signage-segments/${menu}`,
      { name: 'Menü', type: 'image', image: { id: image.id }, duration: 12 },
      admin,
    );
    const changed = await t.request('GET', `/api/signage/tv-manifest/${key}/manifest`, undefined, {
      'if-none-match': etag,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.segments[0].duration).toBe(12);
    expect(changed.headers.get('etag')).not.toBe(etag);
    // Once December's segment has ended on the server's clock, it is gone.
    t.clock.set('2026-12-25T10:00:00Z');
    try {
      const after = await t.request('GET', `/api/signage/tv-manifest/${key}/manifest`);
      expect(after.body.data.segments.map((s: { id: number }) => s.id)).toEqual([menu, kitchen]);
    } finally {
      t.clock.set('2026-11-21T10:00:00Z');
    }
  });

  it('plays a published image template with its product as an image: the render URL, the render as hash', async () => {
    const productBody = { name: 'Tafelspitz', price: 18.9, tax: 10, takeawayTax: 10, dineInTax: 10 };
    const product = await created('/api/products', productBody);
    const layers = [
      { type: 'text', x: 10, y: 10, width: 380, height: 80, text: '{product.name} {product.price} {text}' },
    ];
    const templateBody = {
      name: 'Tagesgericht',
      identifier: 'tagesgericht-tv',
      width: 400,
      height: 200,
      background: '#ffffff',
      layers,
    };
    const draft = await created('/api/image-templates', templateBody);
    const publish = (isPublished: boolean) =>
      t.request('PUT', `/api/image-templates/${draft}`, { ...templateBody, isPublished }, admin);
    const segment = {
      name: 'Tagesgericht',
      type: 'template',
      template: { id: draft },
      templateProduct: { id: product },
      templateText: 'heute',
      duration: 12,
    };
    // An unpublished template cannot be fetched by a TV: refused at the field, in German.
    const refused = await t.request('POST', '/api/digital-signage-segments', segment, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'template' });
    expect(refused.body.errors[0].message).toContain('nicht veröffentlicht');
    expect((await publish(true)).status).toBe(200);

    const daily = await created('/api/digital-signage-segments', segment);
    const read = (await t.request('GET', `/api/digital-signage-segments/${daily}`, undefined, admin)).body
      .data;
    expect(read).toMatchObject({
      type: 'template',
      template: { id: draft, name: 'Tagesgericht', isPublished: true },
      templateProduct: { id: product, name: 'Tafelspitz' },
      templateBranch: null,
      templateText: 'heute',
      image: null,
      video: null,
    });
    const streamId = await created('/api/digital-signage-streams', {
      name: 'Tagesgericht',
      identifier: 'stream-tagesgericht',
      segments: [{ id: daily }],
    });
    const tv = await created('/api/digital-signage-devices', {
      identifier: 'tv-template',
      name: 'Theke',
      branch: { id: wien.id },
      stream: { id: streamId },
    });
    const key = (await issue(tv)).body.data.key as string;
    const manifest = async () =>
      (await t.request('GET', `/api/signage/tv-template/${key}/manifest`)).body.data;
    const [first] = (await manifest()).segments;
    expect(first).toMatchObject({
      id: daily,
      type: 'image',
      duration: 12,
      url: `/api/image-templates/${draft}/render.png?product=${product}&text=heute`,
    });
    // The hash is the render's ETag: what the player caches is exactly what the route answers.
    const render = await fetch(`${t.baseUrl}${first.url}`);
    expect(render.status).toBe(200);
    expect(render.headers.get('content-type')).toBe('image/png');
    expect(render.headers.get('etag')).toBe(`"${first.hash}"`);

    // A new price is a new picture: same URL, new hash, again the render's.
    const repriced = await t.request(
      'PUT',
      `/api/products/${product}`,
      { ...productBody, price: 19.5 },
      admin,
    );
    expect(repriced.status).toBe(200);
    const [changed] = (await manifest()).segments;
    expect(changed.url).toBe(first.url);
    expect(changed.hash).not.toBe(first.hash);
    expect((await fetch(`${t.baseUrl}${changed.url}`)).headers.get('etag')).toBe(`"${changed.hash}"`);

    // Unpublished again: the TV leaves the segment out rather than show a picture it cannot fetch.
    expect((await publish(false)).status).toBe(200);
    expect((await manifest()).segments).toEqual([]);
  });

  it('answers a wrong key, an unknown TV and a TV without key with the same 404', async () => {
    const { tv } = await setUp('tv-wrong');
    const { tv: other } = await setUp('tv-other');
    const key = (await issue(tv)).body.data.key as string;
    const otherKey = (await issue(other)).body.data.key as string;
    const { tv: keyless } = await setUp('tv-keyless');
    void keyless;
    const answers = await Promise.all([
      t.request('GET', `/api/signage/tv-wrong/${'0'.repeat(48)}/manifest`),
      t.request('GET', `/api/signage/tv-wrong/${otherKey}/manifest`),
      t.request('GET', `/api/signage/nirgends/${key}/manifest`),
      t.request('GET', `/api/signage/tv-keyless/${key}/manifest`),
      t.request('POST', `/api/signage/tv-wrong/${otherKey}/heartbeat`, {}),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.body).toEqual(answers[0].body);
    }
    expect(answers[0].body.errors[0].message).toBe('Bildschirm wurde nicht gefunden.');
  });

  it('heartbeat sets lastSeenAt and the reported state; the TV is online for 90 s', async () => {
    const { tv, menu } = await setUp('tv-beat');
    const key = (await issue(tv)).body.data.key as string;
    const before = await t.request('GET', `/api/digital-signage-devices/${tv}`, undefined, admin);
    expect(before.body.data).toMatchObject({ lastSeenAt: null, connection: 'offline', playerState: null });
    t.clock.set('2026-11-21T10:00:00Z');
    const beat = await t.request('POST', `/api/signage/tv-beat/${key}/heartbeat`, {
      current: { id: menu, position: 0, name: 'Menü' },
      manifestVersion: 'v1',
      cache: { cached: 2, total: 3 },
      errors: [{ at: '2026-11-21T09:59:00.000Z', segmentId: menu, message: 'Datei nicht erreichbar' }],
      playerTime: '2026-11-21T10:00:01.000Z',
    });
    expect(beat.status).toBe(200);
    expect(beat.body.data.lastSeenAt).toBe('2026-11-21T10:00:00.000Z');
    const read = await t.request('GET', `/api/digital-signage-devices/${tv}`, undefined, admin);
    expect(read.body.data).toMatchObject({
      lastSeenAt: '2026-11-21T10:00:00.000Z',
      connection: 'online',
      playerState: {
        current: { id: menu, position: 0, name: 'Menü' },
        cache: { cached: 2, total: 3 },
        errors: [{ segmentId: menu, message: 'Datei nicht erreichbar' }],
      },
    });
    t.clock.set('2026-11-21T10:01:31Z');
    try {
      const later = await t.request('GET', `/api/digital-signage-devices/${tv}`, undefined, admin);
      expect(later.body.data.connection).toBe('offline');
    } finally {
      t.clock.set('2026-11-21T10:00:00Z');
    }
    const bad = await t.request('POST', `/api/signage/tv-beat/${key}/heartbeat`, { cache: { cached: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toMatch(/^cache/);
  });

  it('screenshot on request: the heartbeat asks for it, the upload stores only the newest and clears the request', async () => {
    const { tv } = await setUp('tv-shot');
    const key = (await issue(tv)).body.data.key as string;
    const beat = () =>
      t.request('POST', `/api/signage/tv-shot/${key}/heartbeat`, { capabilities: ['screenshot'] });
    const upload = (data: unknown, k = key) =>
      t.request('POST', `/api/signage/tv-shot/${k}/screenshot`, { data });
    const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const picture = () =>
      fetch(`${t.baseUrl}/api/digital-signage-devices/${tv}/screenshot`, { headers: admin });

    expect((await beat()).body.data.screenshotWanted).toBe(false);
    expect((await picture()).status).toBe(404);
    t.clock.set('2026-11-21T11:00:00Z');
    const asked = await t.request(
      'POST',
      `/api/digital-signage-devices/${tv}/screenshot-request`,
      undefined,
      admin,
    );
    expect(asked.status).toBe(200);
    expect(asked.body.data.screenshotRequestedAt).toBe('2026-11-21T11:00:00.000Z');
    const wanted = await beat();
    expect(wanted.body.data.screenshotWanted).toBe(true);
    let read = await t.request('GET', `/api/digital-signage-devices/${tv}`, undefined, admin);
    expect(read.body.data).toMatchObject({
      screenshotRequestedAt: '2026-11-21T11:00:00.000Z',
      screenshotTakenAt: null,
      playerState: { capabilities: ['screenshot'] },
    });

    // A wrong key is the player routes' one 404; a non-picture and a too large one are German 400s on `data`.
    const wrong = await upload(dataUrl(jpeg), 'f'.repeat(48));
    expect(wrong.status).toBe(404);
    expect(wrong.body.errors[0].message).toBe('Bildschirm wurde nicht gefunden.');
    const text = await upload(
      dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/jpeg'),
    );
    expect(text.status).toBe(400);
    expect(text.body.errors[0]).toEqual({
      message: 'Das Bildschirmfoto muss ein JPEG- oder PNG-Bild sein.',
      field: 'data',
    });
    const big = Buffer.concat([jpeg, Buffer.alloc(1024 * 1024)]);
    const tooBig = await upload(dataUrl(big));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors[0].field).toBe('data');
    expect(tooBig.body.errors[0].message).toMatch(/groß/);
    expect((await upload(undefined)).status).toBe(400);
    expect((await beat()).body.data.screenshotWanted).toBe(true);

    t.clock.set('2026-11-21T11:00:20Z');
    const sent = await upload(dataUrl(jpeg));
    expect(sent.status).toBe(200);
    expect(sent.body.data.screenshotTakenAt).toBe('2026-11-21T11:00:20.000Z');
    expect((await beat()).body.data.screenshotWanted).toBe(false);
    read = await t.request('GET', `/api/digital-signage-devices/${tv}`, undefined, admin);
    expect(read.body.data).toMatchObject({
      screenshotRequestedAt: null,
      screenshotTakenAt: '2026-11-21T11:00:20.000Z',
    });
    // The bytes never travel with the TV's JSON; the back office reads them at their own address.
    expect(JSON.stringify(read.body)).not.toContain(jpeg.toString('base64'));
    let shot = await picture();
    expect(shot.status).toBe(200);
    expect(shot.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await shot.arrayBuffer())).toEqual(jpeg);

    // Only the newest is kept: a PNG replaces the JPEG.
    t.clock.set('2026-11-21T11:05:00Z');
    expect((await upload(dataUrl(png, 'image/png'))).status).toBe(200);
    shot = await picture();
    expect(shot.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shot.arrayBuffer())).toEqual(png);

    // Only signage staff read or request it.
    const employee = await makeUser(t, 'signage-shot-employee', ['ROLE_EMPLOYEE'], [wien.id]);
    expect(
      (
        await t.request(
          'POST',
          `/api/digital-signage-devices/${tv}/screenshot-request`,
          undefined,
          employee.headers,
        )
      ).status,
    ).toBe(403);
    expect(
      (await t.request('POST', `/api/digital-signage-devices/999999/screenshot-request`, undefined, admin))
        .status,
    ).toBe(404);
    t.clock.set('2026-11-21T10:00:00Z');
  });

  it('lets a paired desktop signage terminal play the TV its settings name, with its own key', async () => {
    const { tv } = await setUp('tv-desktop');
    const { tv: other } = await setUp('tv-desktop-other');
    const device = await created('/api/devices', {
      identifier: 'terminal-fenster',
      type: 'signage',
      branch: { id: wien.id },
      settings: { tv },
    });
    const deviceKey = (await t.request('POST', `/api/devices/${device}/api-key`, undefined, admin)).body.data
      .apiKey as string;
    expect((await t.request('GET', `/api/signage/tv-desktop/${deviceKey}/manifest`)).status).toBe(200);
    expect((await t.request('GET', `/api/signage/tv-desktop-other/${deviceKey}/manifest`)).status).toBe(404);
    void other;
  });

  it('migrates desktop signage devices onto TVs, keeping identifier, name, branch and stream', async () => {
    const { stream } = await setUp('tv-migrated-stream');
    const runner = t.dataSource.createQueryRunner();
    try {
      const migration = new SignagePlayer1795920000000();
      await migration.down(runner);
      await runner.query(
        `INSERT INTO "device" ("identifier", "name", "type", "branch_id", "settings") VALUES ($1, $2, 'signage', $3, $4)`,
        ['alt-tv', 'Alter Fernseher', wien.id, JSON.stringify({ stream })],
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const tv = await t.dataSource
      .getRepository(DigitalSignageDevice)
      .findOne({ where: { identifier: 'alt-tv' }, relations: { branch: true, stream: true } });
    expect(tv).toMatchObject({ name: 'Alter Fernseher', branch: { id: wien.id }, stream: { id: stream } });
    const [device] = await t.dataSource.query(`SELECT settings FROM "device" WHERE identifier = 'alt-tv'`);
    const settings = typeof device.settings === 'string' ? JSON.parse(device.settings) : device.settings;
    expect(settings).toEqual({ tv: tv!.id });
  });
});

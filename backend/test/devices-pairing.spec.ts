import { Image } from '../src/media/image.entity.js';
import { Upload } from '../src/media/upload.entity.js';
import { Device } from '../src/devices/device.entity.js';
import { PAIRING_TTL_MS } from '../src/devices/device-pairing.service.js';
import { ONLINE_WITHIN_MS } from '../src/devices/device-commands.service.js';
import { admin, makeBranch } from './operations.fixtures.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { openStream } from './support/sse.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Pairing a terminal over HTTP against the real backend (docs/decisions/terminal.md), and what staff do to a
 * paired one: test notification, logs, online state.
 */
describe('device pairing and commands (/api/devices/pairing, /api/devices/{id}/…)', () => {
  let t: TestApp;
  let wien: { id: number };
  let kassa: { id: number };
  const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
  const open = async () => {
    const res = await t.request('POST', '/api/devices/pairing');
    expect(res.status).toBe(201);
    return res.body.data as { code: string; secret: string; expiresAt: string };
  };
  const poll = (code: string, secret: string) =>
    t.request('GET', `/api/devices/pairing/${encodeURIComponent(code)}`, undefined, bearer(secret));
  const pair = (id: number, code: unknown, headers = admin) =>
    t.request('POST', `/api/devices/${id}/pair`, { code }, headers);
  /** The whole pairing as a terminal and an administrator do it; the device key. */
  const pairDevice = async (id: number) => {
    const opened = await open();
    expect((await pair(id, opened.code)).status).toBe(200);
    const res = await poll(opened.code, opened.secret);
    expect(res.body.data.status).toBe('paired');
    return res.body.data.deviceKey as string;
  };

  beforeAll(async () => {
    t = await startTestApp({
      authenticator: new HeaderAuthenticator(),
      env: { RATE_LIMIT_PUBLIC_WRITES: '20/60' },
    });
    wien = await makeBranch(t, 'linde-wien');
    const created = await t.request(
      'POST',
      '/api/devices',
      { identifier: 'kassa-theke', name: 'Kassa Theke', type: 'frontdesk', branch: { id: wien.id } },
      admin,
    );
    expect(created.status).toBe(201);
    kassa = { id: created.body.data.id };
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.clock.set('2026-11-20T10:00:00Z'));

  it('pairs: code shown, entered by an administrator, key collected once, the device authenticates with it', async () => {
    const opened = await open();
    expect(opened.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(opened.secret.length).toBeGreaterThanOrEqual(40);
    expect(new Date(opened.expiresAt).getTime()).toBe(t.clock.now().getTime() + PAIRING_TTL_MS);

    // Waiting until somebody enters the code.
    const waiting = await poll(opened.code, opened.secret);
    expect(waiting.status).toBe(200);
    expect(waiting.body.data).toEqual({ status: 'waiting', expiresAt: opened.expiresAt });

    // Typed lower case with a blank instead of the dash: still the code.
    const typed = opened.code.toLowerCase().replace('-', ' ');
    const paired = await pair(kassa.id, typed);
    expect(paired.status).toBe(200);
    expect(paired.body.data).toEqual({ id: kassa.id, code: opened.code });

    const collected = await poll(opened.code, opened.secret);
    expect(collected.status).toBe(200);
    expect(collected.body.data).toMatchObject({
      status: 'paired',
      device: {
        id: kassa.id,
        identifier: 'kassa-theke',
        type: 'frontdesk',
        branch: { id: wien.id, identifier: 'linde-wien' },
      },
    });
    const key = collected.body.data.deviceKey as string;
    expect(key).toMatch(/^[0-9a-f]{48}$/);
    // Once: the pairing is gone, the same secret gets nothing more.
    expect((await poll(opened.code, opened.secret)).status).toBe(404);

    const heartbeat = await t.request('POST', '/api/devices/me/heartbeat', undefined, bearer(key));
    expect(heartbeat.status).toBe(200);
    expect(heartbeat.body.data).toMatchObject({
      id: kassa.id,
      branch: { id: wien.id, identifier: 'linde-wien' },
      logsRequested: false,
    });
    const status = await t.request('GET', `/api/devices/${kassa.id}/status`, undefined, admin);
    expect(status.body.data).toMatchObject({
      paired: true,
      apiKeyHint: `••••••••${key.slice(-4)}`,
      online: true,
      lastSeenAt: '2026-11-20T10:00:00.000Z',
    });
    // Three missed heartbeats: offline.
    t.clock.advance(ONLINE_WITHIN_MS);
    expect(
      (await t.request('GET', `/api/devices/${kassa.id}/status`, undefined, admin)).body.data.online,
    ).toBe(false);
  });

  it('gives nothing for a wrong secret, an unknown, expired or already used code', async () => {
    const opened = await open();
    const unknown = await poll(opened.code, 'falsches-geheimnis');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].message).toBe('Der Kopplungscode ist unbekannt oder abgelaufen.');
    expect((await poll('ZZZZ-ZZZZ', opened.secret)).status).toBe(404);
    // An administrator who enters the code after a wrong secret's attempts still pairs: nothing was spent.
    expect((await pair(kassa.id, opened.code)).status).toBe(200);
    // … and the code cannot be given to a second device.
    const second = await pair(kassa.id, opened.code);
    expect(second.status).toBe(400);
    expect(second.body.errors[0]).toMatchObject({
      field: 'code',
      message: 'Der Kopplungscode ist unbekannt oder abgelaufen.',
    });

    const late = await open();
    t.clock.advance(PAIRING_TTL_MS + 1);
    expect((await pair(kassa.id, late.code)).status).toBe(400);
    expect((await poll(late.code, late.secret)).status).toBe(404);

    for (const bad of ['', 'ABC', 'ABCD-EFG0', 42]) {
      const res = await pair(kassa.id, bad);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('code');
    }
  });

  it('re-pairs and unpairs: the old key stops at once', async () => {
    const first = await pairDevice(kassa.id);
    const second = await pairDevice(kassa.id);
    expect(second).not.toBe(first);
    expect((await t.request('POST', '/api/devices/me/heartbeat', undefined, bearer(first))).status).toBe(401);
    expect((await t.request('POST', '/api/devices/me/heartbeat', undefined, bearer(second))).status).toBe(
      200,
    );

    const unpaired = await t.request('POST', `/api/devices/${kassa.id}/unpair`, undefined, admin);
    expect(unpaired.status).toBe(200);
    expect((await t.request('POST', '/api/devices/me/heartbeat', undefined, bearer(second))).status).toBe(
      401,
    );
    const status = await t.request('GET', `/api/devices/${kassa.id}/status`, undefined, admin);
    expect(status.body.data).toMatchObject({ paired: false, apiKeyHint: null });
  });

  it('lets only staff with devices:write pair', async () => {
    const opened = await open();
    expect((await pair(kassa.id, opened.code, {})).status).toBe(401);
    expect((await pair(kassa.id, opened.code, asUser(['ROLE_EMPLOYEE'], [wien.id], 91))).status).toBe(403);
    expect((await pair(999_999, opened.code)).status).toBe(404);
    // Still unused after the refusals.
    expect((await poll(opened.code, opened.secret)).body.data.status).toBe('waiting');
  });

  it('sends the terminal a test notification and a logs request; the uploaded logs are readable', async () => {
    const key = await pairDevice(kassa.id);
    const stream = await openStream(`${t.baseUrl}/api/events`, bearer(key));
    expect(stream.status).toBe(200);
    try {
      const note = await t.request('POST', `/api/devices/${kassa.id}/test/notification`, undefined, admin);
      expect(note.status).toBe(200);
      const event = await stream.next((e) => e.event === 'device.notification');
      expect(event.data).toMatchObject({ deviceId: kassa.id, title: 'Testbenachrichtigung' });

      const asked = await t.request('POST', `/api/devices/${kassa.id}/request-device-logs`, undefined, admin);
      expect(asked.status).toBe(200);
      expect((await stream.next((e) => e.event === 'device.logs')).data).toMatchObject({
        deviceId: kassa.id,
      });
    } finally {
      stream.close();
    }
    // A terminal that missed the event learns it from its heartbeat.
    const beat = await t.request('POST', '/api/devices/me/heartbeat', undefined, bearer(key));
    expect(beat.body.data.logsRequested).toBe(true);
    const waiting = await t.request('GET', `/api/devices/${kassa.id}/status`, undefined, admin);
    expect(waiting.body.data.logs).toMatchObject({
      requestedAt: '2026-11-20T10:00:00.000Z',
      uploadedAt: null,
    });

    const lines = [
      '{"level":"info","msg":"Terminal läuft"}',
      '{"level":"warn","msg":"Drucker: kein Papier"}',
    ];
    const bad = await t.request('POST', '/api/devices/me/logs', { lines: 'nein' }, bearer(key));
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('lines');
    expect((await t.request('POST', '/api/devices/me/logs', { lines }, {})).status).toBe(401);
    const up = await t.request('POST', '/api/devices/me/logs', { lines }, bearer(key));
    expect(up.status).toBe(200);
    const status = await t.request('GET', `/api/devices/${kassa.id}/status`, undefined, admin);
    expect(status.body.data.logs).toEqual({
      requestedAt: '2026-11-20T10:00:00.000Z',
      uploadedAt: '2026-11-20T10:00:00.000Z',
      lines,
    });
    const after = await t.request('POST', '/api/devices/me/heartbeat', undefined, bearer(key));
    expect(after.body.data.logsRequested).toBe(false);
  });

  it('gives a signage device its TV and the TV’s stream: enabled segments valid now, in play order, with their file URLs', async () => {
    const image = await t.dataSource
      .getRepository(Image)
      .save({ extension: 'png', mimeType: 'image/png', width: 1920, height: 1080, name: 'Mittagsmenü' });
    const video = await t.dataSource
      .getRepository(Upload)
      .save({ extension: 'mp4', mimeType: 'video/mp4', publicHash: 'c'.repeat(32), name: 'Küche.mp4' });
    const segment = async (body: Record<string, unknown>) => {
      const res = await t.request('POST', '/api/digital-signage-segments', body, admin);
      expect(res.status).toBe(201);
      return res.body.data.id as number;
    };
    const menu = await segment({ name: 'Menü', type: 'image', image: { id: image.id }, duration: 8 });
    const kitchen = await segment({ name: 'Küche', type: 'video', video: { id: video.id } });
    const off = await segment({
      name: 'Aus',
      type: 'image',
      image: { id: image.id },
      duration: 5,
      isEnabled: false,
    });
    const later = await segment({
      name: 'Später',
      type: 'image',
      image: { id: image.id },
      duration: 5,
      validFrom: '2026-12-01T00:00:00Z',
    });
    const stream = await t.request(
      'POST',
      '/api/digital-signage-streams',
      {
        name: 'Schaufenster',
        identifier: 'schaufenster-tv',
        loop: true,
        segments: [{ id: kitchen }, { id: off }, { id: menu }, { id: later }, { id: kitchen }],
      },
      admin,
    );
    expect(stream.status).toBe(201);
    const screen = await t.request(
      'POST',
      '/api/digital-signage-devices',
      { identifier: 'fenster', name: 'Schaufenster', stream: { id: stream.body.data.id } },
      admin,
    );
    expect(screen.status).toBe(201);
    const tv = await t.request(
      'POST',
      '/api/devices',
      {
        identifier: 'tv-fenster',
        type: 'signage',
        branch: { id: wien.id },
        settings: { tv: screen.body.data.id },
      },
      admin,
    );
    expect(tv.status).toBe(201);
    const key = await pairDevice(tv.body.data.id);
    const res = await t.request('GET', '/api/devices/me/signage', undefined, bearer(key));
    expect(res.status).toBe(200);
    const videoUrl = `/upload/${'c'.repeat(32)}/${video.id}-1.mp4`;
    expect(res.body.data).toEqual({
      tv: { id: screen.body.data.id, identifier: 'fenster', name: 'Schaufenster' },
      stream: { id: stream.body.data.id, name: 'Schaufenster' },
      loop: true,
      segments: [
        { id: kitchen, type: 'video', url: videoUrl, duration: null },
        { id: menu, type: 'image', url: `/image/${image.id}-1.png`, duration: 8 },
        { id: kitchen, type: 'video', url: videoUrl, duration: null },
      ],
    });
    expect((await t.request('GET', '/api/devices/me/signage')).status).toBe(401);
  });

  it('deletes a device with its pairings and logs', async () => {
    const created = await t.request(
      'POST',
      '/api/devices',
      { identifier: 'kiosk-eingang', type: 'kiosk', branch: { id: wien.id } },
      admin,
    );
    const id = created.body.data.id;
    const opened = await open();
    await pair(id, opened.code);
    await t.request('POST', `/api/devices/${id}/request-device-logs`, undefined, admin);
    expect((await t.request('DELETE', `/api/devices/${id}`, undefined, admin)).status).toBe(200);
    expect((await poll(opened.code, opened.secret)).status).toBe(404);
    expect(await t.dataSource.getRepository(Device).count({ where: { id } })).toBe(0);
  });
  it('limits how many pairings one address opens (429)', async () => {
    t.clock.set('2026-11-21T10:00:00Z'); // past the windows the other tests used
    let limited = 0;
    for (let i = 0; i < 25; i++)
      if ((await t.request('POST', '/api/devices/pairing')).status === 429) limited++;
    expect(limited).toBeGreaterThan(0);
    t.clock.advance(61_000); // the window (the limiter counts on the injected clock)
    expect((await t.request('POST', '/api/devices/pairing')).status).toBe(201);
  });
});

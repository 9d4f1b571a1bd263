import { createHash } from 'node:crypto';
import { Device } from '../src/devices/device.entity.js';
import { admin, idsOf, makeBranch, makeUser, manager } from './operations.fixtures.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('devices (/api/devices)', () => {
  let t: TestApp;
  let wien: { id: number };
  let graz: { id: number };
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
    wien = await makeBranch(t, 'linde-wien');
    graz = await makeBranch(t, 'estrich-graz');
  });
  afterAll(async () => {
    await t.close();
  });

  const frontdesk = (identifier: string, extra: Record<string, unknown> = {}) => ({
    identifier,
    name: `Kassa ${identifier}`,
    type: 'frontdesk',
    branch: { id: wien.id },
    settings: { printer: { host: '192.168.1.50' }, autoPrint: true },
    ...extra,
  });

  it('creates, reads, updates (PUT with the body GET returned) and deletes a device', async () => {
    const created = await t.request('POST', '/api/devices', frontdesk('kassa-1'), admin);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      identifier: 'kassa-1',
      type: 'frontdesk',
      branch: { id: wien.id },
      isEnabled: true,
      lastSeenAt: null,
      apiKeyHint: null,
      // Defaults of the type's settings are filled in.
      settings: {
        printer: { host: '192.168.1.50', port: 9100, width: 48, type: 'epson' },
        autoPrint: true,
        notificationSound: true,
      },
    });
    const id = created.body.data.id;
    const read = await t.request('GET', `/api/devices/${id}`, undefined, admin);
    expect(read.status).toBe(200);
    const body = {
      ...read.body.data,
      name: 'Kassa Theke',
      isEnabled: false,
      lastSeenAt: '2030-01-01T00:00:00.000Z',
    };
    const updated = await t.request('PUT', `/api/devices/${id}`, body, admin);
    expect(updated.status).toBe(200);
    // lastSeenAt is read-only: ignored, not rejected.
    expect(updated.body.data).toMatchObject({ id, name: 'Kassa Theke', isEnabled: false, lastSeenAt: null });
    expect((await t.request('DELETE', `/api/devices/${id}`, undefined, admin)).status).toBe(200);
    expect((await t.request('GET', `/api/devices/${id}`, undefined, admin)).status).toBe(404);
  });

  it('lists with filters, paging and sorting', async () => {
    const ids: Record<string, number> = {};
    for (const [identifier, type, branch] of [
      ['kiosk-b', 'kiosk', wien],
      ['kiosk-a', 'kiosk', wien],
      ['ticket-graz', 'ticket-screen', graz],
    ] as const) {
      const res = await t.request('POST', '/api/devices', { identifier, type, branch }, admin);
      expect(res.status).toBe(201);
      ids[identifier] = res.body.data.id;
    }
    const kiosks = await t.request('GET', '/api/devices?type=kiosk&sort=-identifier', undefined, admin);
    expect(idsOf(kiosks.body)).toEqual([ids['kiosk-b'], ids['kiosk-a']]);
    expect(kiosks.body.data[0].settings).toEqual({
      printer: null,
      idleTimeoutSeconds: 90,
      orderModes: ['takeaway', 'dineIn'],
      mollieTerminal: null,
    });
    const page = await t.request(
      'GET',
      `/api/devices?branch=${wien.id}&sort=identifier&limit=1&page=2`,
      undefined,
      admin,
    );
    expect(idsOf(page.body)).toEqual([ids['kiosk-b']]);
    expect(page.headers.get('x-total-count')).toBe('2');
    const search = await t.request('GET', '/api/devices?q=ticket', undefined, manager);
    expect(idsOf(search.body)).toEqual([ids['ticket-graz']]);
  });

  it('validates type and settings with German messages naming the field', async () => {
    const missing = await t.request('POST', '/api/devices', { identifier: 'ohne-typ' }, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toEqual({
      message: 'Sie haben einen ungültigen Wert ausgewählt.',
      field: 'type',
    });
    const noIdentifier = await t.request('POST', '/api/devices', { type: 'kiosk' }, admin);
    expect(noIdentifier.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte nicht leer sein.',
      field: 'identifier',
    });
    const wrongType = await t.request('POST', '/api/devices', frontdesk('typ', { isEnabled: 'ja' }), admin);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte vom Typ bool sein.',
      field: 'isEnabled',
    });
    const badPort = await t.request(
      'POST',
      '/api/devices',
      frontdesk('port', { settings: { printer: { host: 'drucker', port: 70000 } } }),
      admin,
    );
    expect(badPort.status).toBe(400);
    expect(badPort.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte kleiner oder gleich 65535 sein.',
      field: 'settings.printer.port',
    });
    // A printer device needs its printer.
    const noPrinter = await t.request(
      'POST',
      '/api/devices',
      { identifier: 'bondrucker', type: 'printer', settings: {} },
      admin,
    );
    expect(noPrinter.status).toBe(400);
    expect(noPrinter.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte nicht leer sein.',
      field: 'settings.printer',
    });
    const settingsType = await t.request(
      'POST',
      '/api/devices',
      frontdesk('settings', { settings: 'laut' }),
      admin,
    );
    expect(settingsType.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte vom Typ object sein.',
      field: 'settings',
    });
  });

  it('answers a duplicate identifier with 409', async () => {
    expect((await t.request('POST', '/api/devices', frontdesk('doppelt'), admin)).status).toBe(201);
    const dup = await t.request('POST', '/api/devices', frontdesk('doppelt'), admin);
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toEqual({
      message: 'Dieser Wert wird bereits verwendet.',
      field: 'identifier',
    });
  });

  it('shows the API key once; GET, lists and the audit log show only a mask', async () => {
    const device = (await t.request('POST', '/api/devices', frontdesk('geheim'), admin)).body.data;
    const issued = await t.request('POST', `/api/devices/${device.id}/api-key`, undefined, admin);
    expect(issued.status).toBe(200);
    const key: string = issued.body.data.apiKey;
    expect(key).toMatch(/^[0-9a-f]{48}$/);
    expect(issued.body.data.apiKeyHint).toBe(`••••••••${key.slice(-4)}`);

    const stored = await t.dataSource
      .getRepository(Device)
      .findOne({ where: { id: device.id }, select: { id: true, apiKeyHash: true } });
    expect(stored!.apiKeyHash).toBe(createHash('sha256').update(key).digest('hex'));

    const read = await t.request('GET', `/api/devices/${device.id}`, undefined, admin);
    const list = await t.request('GET', '/api/devices?limit=1000', undefined, admin);
    const logs = await t.request(
      'GET',
      `/api/logs?entityType=devices&entityId=${device.id}`,
      undefined,
      admin,
    );
    for (const res of [read, list, logs]) {
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(key);
      expect(text).not.toContain(stored!.apiKeyHash!);
      expect(text).not.toContain('apiKeyHash');
    }
    expect(read.body.data.apiKeyHint).toBe(issued.body.data.apiKeyHint);

    // A new key replaces the old one.
    const again = await t.request('POST', `/api/devices/${device.id}/api-key`, undefined, admin);
    expect(again.body.data.apiKey).not.toBe(key);
    expect((await t.request('POST', '/api/devices/999999/api-key', undefined, admin)).status).toBe(404);
  });

  it('audits a new key as an update of the device with its masks, by the user, without a collection version', async () => {
    const device = (await t.request('POST', '/api/devices', frontdesk('audit-key'), admin)).body.data;
    const version = async () =>
      (
        (await t.dataSource.query(
          `SELECT version FROM collection_version WHERE collection = 'devices'`,
        )) as Array<{
          version: string;
        }>
      )[0]?.version ?? '0';
    const before = await version();
    const first = (await t.request('POST', `/api/devices/${device.id}/api-key`, undefined, admin)).body.data;
    const second = (await t.request('POST', `/api/devices/${device.id}/api-key`, undefined, admin)).body.data;
    const logs = await t.request(
      'GET',
      `/api/logs?entityType=devices&entityId=${device.id}`,
      undefined,
      admin,
    );
    const [latest, earlier, created] = logs.body.data;
    expect(created.action).toBe('create');
    for (const [entry, from, to] of [
      [earlier, null, first.apiKeyHint],
      [latest, first.apiKeyHint, second.apiKeyHint],
    ]) {
      expect(entry).toMatchObject({
        action: 'update',
        entityType: 'devices',
        entityId: String(device.id),
        changes: { apiKeyHint: { from, to } },
        userId: created.userId,
        username: created.username,
      });
      expect(Object.keys(entry.changes)).toEqual(['apiKeyHint']);
    }
    expect(created.username).toEqual(expect.any(String));
    expect(await version()).toBe(before);
  });

  it('is for the management: employees get 403 on the collection and the key route', async () => {
    const device = (await t.request('POST', '/api/devices', frontdesk('personal'), admin)).body.data;
    const employee = await makeUser(t, 'dev-employee', ['ROLE_EMPLOYEE'], [wien.id]);
    expect((await t.request('GET', '/api/devices', undefined, employee.headers)).status).toBe(403);
    expect(
      (await t.request('POST', `/api/devices/${device.id}/api-key`, undefined, employee.headers)).status,
    ).toBe(403);
    expect((await t.request('POST', `/api/devices/${device.id}/api-key`)).status).toBe(401);
    expect((await t.request('GET', '/api/devices', undefined, asUser(['ROLE_MANAGER']))).status).toBe(200);
  });
});

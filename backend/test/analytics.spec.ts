import { CONSENT_COOKIE, CONSENT_VERSION, consentChoice, serializeConsent } from '@ordering/common';
import { AnalyticsLog } from '../src/analytics/analytics-log.entity.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('POST /api/analytics-log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PUBLIC_WRITES: '5/60', TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });
  const rows = () => t.dataSource.getRepository(AnalyticsLog).find({ order: { id: 'ASC' } });
  /** The consent cookie as the storefront writes it, allowing `purposes`. */
  const consentCookie = (...purposes: string[]) =>
    `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(consentChoice(purposes, new Date('2026-11-21T09:00:00Z'))))}`;
  // Each test sends from its own address, so the rate limit of one does not spill into the next; the
  // visitor has allowed the statistics unless a test says otherwise.
  const from = (n: number, cookie = consentCookie('statistics')) => ({
    'x-forwarded-for': `203.0.113.${n}`,
    'user-agent': `jest ${n}`,
    cookie,
  });

  it('stores nothing without the statistics consent of the current purpose list (403 consent_required)', async () => {
    const before = (await rows()).length;
    const body = { type: 'pageview', action: 'view', path: '/' };
    const refusals = [
      '',
      `${CONSENT_COOKIE}=true`, // the old single-button banner: the purpose list changed since
      consentCookie(), // "Nur notwendige"
      consentCookie('maps', 'marketing'),
      `${CONSENT_COOKIE}=${encodeURIComponent(`${CONSENT_VERSION + 1}|statistics|2026-11-21T09:00:00.000Z`)}`,
    ];
    for (const [index, cookie] of refusals.entries()) {
      const answer = await t.request('POST', '/api/analytics-log', body, from(20 + index, cookie));
      expect([cookie, answer.status]).toEqual([cookie, 403]);
      expect(answer.body.errors).toEqual([
        {
          message: 'Ohne Einwilligung in die Statistik wird nichts protokolliert.',
          code: 'consent_required',
        },
      ]);
    }
    expect((await rows()).length).toBe(before);
    const allowed = await t.request(
      'POST',
      '/api/analytics-log',
      body,
      from(26, consentCookie('statistics')),
    );
    expect(allowed.status).toBe(201);
    expect((await rows()).length).toBe(before + 1);
  });

  it('stores a page view of a visitor without signing in, with the time of the server clock', async () => {
    t.clock.set('2026-11-21T09:15:00Z');
    const answer = await t.request(
      'POST',
      '/api/analytics-log',
      {
        type: 'pageview',
        action: 'view',
        category: 'content',
        path: '/ueber-uns',
        data: { title: 'Über uns' },
      },
      from(1),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data.id).toEqual(expect.any(Number));
    const stored = (await rows()).at(-1);
    expect(stored).toMatchObject({
      type: 'pageview',
      action: 'view',
      category: 'content',
      path: '/ueber-uns',
      data: { title: 'Über uns' },
    });
    expect(stored!.occurredAt.toISOString()).toBe('2026-11-21T09:15:00.000Z');
    // Neither the address nor the browser is stored as such.
    expect(stored!.visitorHash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(stored)).not.toContain('203.0.113');
  });

  it("links a visitor's records within the shop's day, not the UTC day, and never across days", async () => {
    const hashAt = async (instant: string) => {
      t.clock.set(instant);
      const answer = await t.request(
        'POST',
        '/api/analytics-log',
        { type: 'pageview', action: 'view', path: '/' },
        from(40),
      );
      expect(answer.status).toBe(201);
      return (await rows()).at(-1)!.visitorHash;
    };
    // Vienna in November is UTC+1: 22:50 UTC is 23:50 on the 21st, 23:10 and 00:10 UTC are the 22nd.
    const lateOn21st = await hashAt('2026-11-21T22:50:00Z');
    const firstOn22nd = await hashAt('2026-11-21T23:10:00Z');
    const laterOn22nd = await hashAt('2026-11-22T00:10:00Z');
    expect(laterOn22nd).toBe(firstOn22nd);
    expect(firstOn22nd).not.toBe(lateOn21st);
  });

  it('stores a commerce event with items, value and currency', async () => {
    const data = {
      currency: 'EUR',
      value: 23.8,
      items: [{ id: 7, name: 'Wiener Schnitzel', price: 16.9, quantity: 1 }],
    };
    const answer = await t.request(
      'POST',
      '/api/analytics-log',
      { type: 'commerce', action: 'purchase', category: 'checkout', data },
      from(2),
    );
    expect(answer.status).toBe(201);
    expect((await rows()).at(-1)).toMatchObject({ type: 'commerce', action: 'purchase', data });
  });

  it('refuses bad input with German messages naming each field, and stores nothing', async () => {
    const before = (await rows()).length;
    const answer = await t.request(
      'POST',
      '/api/analytics-log',
      { type: 'klick', action: '', path: 'keine-adresse', data: 'text', extra: 1 },
      from(3),
    );
    expect(answer.status).toBe(400);
    const byField = Object.fromEntries(
      (answer.body.errors as Array<{ field?: string; message: string }>).map((e) => [
        e.field ?? '',
        e.message,
      ]),
    );
    expect(byField).toMatchObject({
      type: 'Sie haben einen ungültigen Wert ausgewählt.',
      action: 'Dieser Wert sollte nicht leer sein.',
      path: 'Dieser Wert ist ungültig.',
      data: 'Dieser Wert sollte vom Typ object sein.',
    });
    const missing = await t.request('POST', '/api/analytics-log', {}, from(3));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'type', message: 'Dieser Wert sollte nicht leer sein.' },
        { field: 'action', message: 'Dieser Wert sollte nicht leer sein.' },
      ]),
    );
    const huge = await t.request(
      'POST',
      '/api/analytics-log',
      { type: 'event', action: 'x', data: { text: 'a'.repeat(9000) } },
      from(4),
    );
    expect(huge.status).toBe(400);
    expect(huge.body.errors[0]).toMatchObject({ field: 'data' });
    expect((await rows()).length).toBe(before);
  });

  it('limits records per address in a bucket of their own (orders of that address still pass the limit)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await t.request('POST', '/api/analytics-log', { type: 'pageview', action: 'view' }, from(9))).status,
      );
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]).toBe(429);
    const limited = await t.request(
      'POST',
      '/api/analytics-log',
      { type: 'pageview', action: 'view' },
      from(9),
    );
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.body.errors[0].message).toMatch(/^Zu viele Anfragen von Ihrer Adresse\./);
    // The order route of the same address is counted apart: it answers (400 for the empty body), not 429.
    expect((await t.request('POST', '/api/orders', {}, from(9))).status).not.toBe(429);
  });
});

import { In } from 'typeorm';
import { ShopConfig } from '../src/config/shop-config.entity.js';
import { RequestContext } from '../src/core/request-context.js';
import { EventLog } from '../src/events/event-log.entity.js';
import { JobQueue } from '../src/jobs/job-queue.service.js';
import { Job } from '../src/jobs/job.entity.js';
import { AuditLog } from '../src/logs/audit-log.entity.js';
import { Order } from '../src/orders/order.entity.js';
import { PrivacyService } from '../src/privacy/privacy.service.js';
import { DEMO_USERS } from '../src/users/seed-users.js';
import { signIn } from './support/auth.js';
import { loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * "Auskunft und Löschung" (DSGVO Art. 15 and 17, issue 28 item 11): an administrator exports and
 * anonymises a customer's orders by e-mail address; finished orders lose their personal data after the
 * configured period; both are in the audit log, which keeps no copy of the erased data.
 */
describe('privacy: information, erasure and retention', () => {
  let t: TestApp;
  let demo: Demo;
  let manager: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
    const leitung = DEMO_USERS.find((u) => u.username === 'leitung')!;
    manager = (await signIn(t, leitung.username, leitung.password)).write;
    // SMS on (without a provider they are logged): the orders then also have SMS jobs with the number.
    await t.dataSource.query(`UPDATE shop_config SET enable_plugin_sms = true`);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.clock.set(NOON));

  /** The rows of the live stream's log and of the job queue that still hold any of these texts. */
  const copiesOf = async (pattern: RegExp) => {
    const events: Array<{ id: string; text: string }> = await t.dataSource.query(
      `SELECT id, payload::text || coalesce(public_payload::text, '') AS text FROM event_log`,
    );
    const jobs: Array<{ id: string; text: string }> = await t.dataSource.query(
      `SELECT id, payload::text || coalesce(last_error, '') AS text FROM job`,
    );
    return {
      events: events.filter((row) => pattern.test(row.text)).map((row) => Number(row.id)),
      jobs: jobs.filter((row) => pattern.test(row.text)).map((row) => Number(row.id)),
    };
  };

  const place = async (overrides: Record<string, unknown>) => {
    const res = await postOrder(t, takeaway(demo, overrides));
    expect(res.status).toBe(201);
    return t.dataSource.getRepository(Order).findOneByOrFail({ uid: res.body.data.order.uid });
  };

  it('exports every order of an e-mail address as a download, for administrators only', async () => {
    const first = await place({
      email: 'Eva.Berger@example.at',
      firstName: 'Eva',
      lastName: 'Berger',
      phone: '0676 5550123',
    });
    const second = await place({
      email: 'eva.berger@example.at',
      firstName: 'Eva',
      lastName: 'Berger',
      phone: '0676 5550123',
      comment: 'Bitte läuten bei Berger',
    });
    await place({ email: 'jemand@example.at', firstName: 'Jemand' });

    const path = '/api/privacy/export?email=eva.berger%40example.at';
    expect((await t.request('GET', path)).status).toBe(401);
    expect((await t.request('GET', path, undefined, manager)).status).toBe(403);
    const res = await t.request('GET', path, undefined, demo.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="auskunft-2026-11-20.json"');
    const data = res.body.data;
    expect(data.orders.map((o: { id: number }) => o.id)).toEqual([first.id, second.id]);
    expect(data.orders[1]).toMatchObject({
      firstName: 'Eva',
      lastName: 'Berger',
      phone: expect.any(String),
      comment: 'Bitte läuten bei Berger',
    });
    expect(data.orders[1].hash).toBeUndefined();

    const bad = await t.request('GET', '/api/privacy/export?email=keine-adresse', undefined, demo.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { message: 'Dieser Wert ist keine gültige E-Mail-Adresse.', field: 'email' },
    ]);
    const audit = await t.dataSource.getRepository(AuditLog).findOneByOrFail({ action: 'privacy-export' });
    expect(audit.changes).toEqual({ orders: [first.id, second.id] });
  });

  it('anonymises them, keeping amounts, dates and items, and scrubs the audit log of the erased data', async () => {
    const before = (await t.dataSource.getRepository(Order).find()).filter(
      (order) => order.email.toLowerCase() === 'eva.berger@example.at',
    );
    // A status change (one more event, a cancellation mail), and a mail still waiting for its
    // next attempt: none of it may keep the customer's data, and the waiting mail must not go out.
    expect(
      (await t.request('POST', `/api/orders/${before[1]!.id}/status/cancel`, {}, demo.admin)).status,
    ).toBe(200);
    const waiting = (await t.app.get(JobQueue).enqueue(
      RequestContext.system(),
      'mail',
      {
        to: 'eva.berger@example.at',
        subject: 'Berger',
        text: 'Hallo Eva Berger',
        html: '',
        kind: 'confirmed',
        orderId: before[0]!.id,
      },
      { runAt: new Date(Date.parse(NOON) + 60 * 60_000) },
    ))!;
    const erased = /Berger|eva\.berger|5550123|läuten/i;
    const held = await copiesOf(erased);
    expect(held.events.length).toBeGreaterThan(0);
    expect(held.jobs.length).toBeGreaterThan(0);
    const sms = await t.dataSource.getRepository(Job).findBy({ type: 'sms' });
    expect(sms.filter((job) => before.some((b) => b.id === job.payload.orderId)).length).toBeGreaterThan(0);

    expect(
      (await t.request('POST', '/api/privacy/anonymise', { email: 'eva.berger@example.at' }, manager)).status,
    ).toBe(403);
    const res = await t.request(
      'POST',
      '/api/privacy/anonymise',
      { email: 'EVA.BERGER@example.at' },
      demo.admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ orders: 2 });

    for (const order of await t.dataSource.getRepository(Order).findBy({ id: In(before.map((b) => b.id)) })) {
      expect(order).toMatchObject({
        name: '',
        firstName: '',
        lastName: '',
        email: '',
        phone: '',
        street: '',
        comment: '',
      });
      expect(order.anonymisedAt?.toISOString()).toBe(new Date(NOON).toISOString());
      const original = before.find((b) => b.id === order.id)!;
      expect(order.pricing).toEqual(original.pricing);
      expect(Number(order.totalGross)).toBe(Number(original.totalGross));
      expect(
        order.items.map((i: { name: string; amount: number; price: number }) => [i.name, i.amount, i.price]),
      ).toEqual(original.items.map((i) => [i.name, i.amount, i.price]));
      expect(order.createdAt.toISOString()).toBe(original.createdAt.toISOString());
    }
    expect(before).toHaveLength(2);
    // Boards and order screens get the anonymised order at once (the stream's order.updated).
    const streamed = await t.dataSource
      .getRepository(EventLog)
      .findBy({ type: 'order.updated', orderUid: In(before.map((b) => b.uid)) });
    expect(streamed.map((row) => row.payload.orderId).sort()).toEqual(before.map((b) => b.id).sort());
    for (const row of streamed)
      expect(row.payload.order).toMatchObject({
        firstName: '',
        lastName: '',
        phone: '',
        email: '',
        anonymisedAt: new Date(NOON).toISOString(),
      });
    const other = await t.dataSource.getRepository(Order).findOneByOrFail({ email: 'jemand@example.at' });
    expect(other.firstName).toBe('Jemand');

    const entries = await t.dataSource.getRepository(AuditLog).find({ where: { entityType: 'orders' } });
    const ofErased = entries.filter((e) => before.some((b) => String(b.id) === e.entityId));
    expect(ofErased.filter((e) => e.action === 'privacy-erasure')).toHaveLength(2);
    expect(JSON.stringify(ofErased)).not.toMatch(/Berger|eva\.berger|läuten/i);

    // No copy in the live stream's log nor in the mail and SMS jobs; the waiting mail is not sent.
    expect(await copiesOf(erased)).toEqual({ events: [], jobs: [] });
    expect(await t.dataSource.getRepository(Job).findOneByOrFail({ id: waiting })).toMatchObject({
      status: 'failed',
      payload: { kind: 'confirmed', orderId: before[0]!.id },
      lastError: 'Nicht gesendet: personenbezogene Daten gelöscht',
    });
    // The sent ones keep what was sent when, without recipient and text.
    const messages = (await t.dataSource.getRepository(Job).findBy({ type: In(['mail', 'sms']) })).filter(
      (job) => before.some((b) => b.id === job.payload.orderId),
    );
    expect(messages.length).toBeGreaterThan(2);
    for (const job of messages) expect(Object.keys(job.payload).sort()).toEqual(['kind', 'orderId']);
    // The staff view says when.
    const shown = await t.request('GET', `/api/orders/${before[0]!.id}`, undefined, demo.admin);
    expect(shown.body.data.anonymisedAt).toBe(new Date(NOON).toISOString());

    const again = await t.request(
      'GET',
      '/api/privacy/export?email=eva.berger%40example.at',
      undefined,
      demo.admin,
    );
    expect(again.body.data.orders).toEqual([]);
  });

  it('anonymises finished orders after the configured months, by the clock, and leaves open ones', async () => {
    const done = await place({
      email: 'alt@example.at',
      firstName: 'Alt',
      lastName: 'Altenberger',
      phone: '0650 7770001',
    });
    const open = await place({ email: 'offen@example.at', firstName: 'Offen' });
    for (const action of ['confirm', 'completed'])
      expect(
        (await t.request('POST', `/api/orders/${done.id}/status/${action}`, {}, demo.admin)).status,
      ).toBe(200);
    const service = t.app.get(PrivacyService);
    const configs = t.dataSource.getRepository(ShopConfig);

    await configs.update({ id: 1 }, { anonymiseOrdersAfterMonths: null });
    t.clock.set('2027-11-21T11:00:00Z');
    expect(await service.applyRetention(RequestContext.system())).toEqual([]);

    await configs.update({ id: 1 }, { anonymiseOrdersAfterMonths: 6 });
    t.clock.set('2027-05-19T11:00:00Z'); // not yet six months
    expect(await service.applyRetention(RequestContext.system())).not.toContain(done.id);
    t.clock.set('2027-05-21T11:00:00Z');
    const anonymised = await service.applyRetention(RequestContext.system());
    expect(anonymised).toContain(done.id);
    expect(anonymised).not.toContain(open.id);
    expect((await t.dataSource.getRepository(Order).findOneByOrFail({ id: done.id })).firstName).toBe('');
    expect((await t.dataSource.getRepository(Order).findOneByOrFail({ id: open.id })).firstName).toBe(
      'Offen',
    );
    const entry = await t.dataSource
      .getRepository(AuditLog)
      .findOneByOrFail({ action: 'privacy-retention', entityId: String(done.id) });
    expect(entry.username).toBeNull();
    // Its events and its mail and SMS jobs keep no copy either.
    expect(await copiesOf(/Altenberger|alt@example|7770001/i)).toEqual({ events: [], jobs: [] });
    // Once anonymised, an order is not taken again.
    expect(await service.applyRetention(RequestContext.system())).not.toContain(done.id);
  });

  it('offers the retention period in the configuration, checked with its field', async () => {
    const current = (await t.request('GET', '/api/config', undefined, demo.admin)).body.data;
    const refused = await t.request(
      'POST',
      '/api/config',
      { ...current, anonymiseOrdersAfterMonths: 0 },
      demo.admin,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('anonymiseOrdersAfterMonths');
    const saved = await t.request(
      'POST',
      '/api/config',
      { ...current, anonymiseOrdersAfterMonths: 24 },
      demo.admin,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.anonymiseOrdersAfterMonths).toBe(24);
    const off = await t.request(
      'POST',
      '/api/config',
      { ...current, anonymiseOrdersAfterMonths: null },
      demo.admin,
    );
    expect(off.body.data.anonymiseOrdersAfterMonths).toBeNull();
  });
});

import type { StaffOrder } from '@ordering/common';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ShopConfig } from '../src/config/shop-config.entity.js';
import { EventBus } from '../src/core/events.js';
import { RequestContext } from '../src/core/request-context.js';
import { TransactionalConnection } from '../src/core/transaction.js';
import { Job } from '../src/jobs/job.entity.js';
import { JobWorkerService } from '../src/jobs/job-worker.service.js';
import { backoffMs } from '../src/jobs/job-queue.service.js';
import { Order } from '../src/orders/order.entity.js';
import {
  loadDemo,
  NOON,
  ORDER_TEST_ENV,
  postOrder,
  takeaway,
  delivery,
  type Demo,
} from './orders.fixtures.js';
import { startSmtp, type ReceivedMail } from './support/smtp.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'https://bestellen.zurlinde.at';

/** A local fake of the SMS provider's documented API (README, "SMS"): records what it is sent. */
async function startSmsProvider() {
  const received: Array<{
    auth: string;
    body: { to: string; text: string; reference: string; sender?: string };
  }> = [];
  let failNext = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failNext > 0) {
        failNext -= 1;
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"busy"}');
        return;
      }
      received.push({
        auth: req.headers.authorization ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      });
      res.writeHead(202, { 'content-type': 'application/json' }).end(`{"id":"sms-${received.length}"}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`,
    received,
    failTimes: (n: number) => {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('order notifications: German e-mail over real SMTP and SMS over HTTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let sms: Awaited<ReturnType<typeof startSmsProvider>>;
  let demo: Demo;

  beforeAll(async () => {
    smtp = await startSmtp();
    sms = await startSmsProvider();
    t = await startTestApp({
      seed: true,
      env: {
        ...ORDER_TEST_ENV,
        SMTP_URL: smtp.url,
        PUBLIC_URL,
        SMS_API_URL: sms.url,
        JOBS_POLL_INTERVAL_MS: '60000', // only commits wake the worker: the test sees the wake-up work
      },
    });
    t.clock.set(NOON);
    demo = await loadDemo(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await sms.close();
  });

  const statusLink = (o: { uid: string; hash: string }) => `${PUBLIC_URL}/status/${o.uid}/${o.hash}`;
  const to = (address: string) => (m: ReceivedMail) => m.to.includes(address);
  const action = (id: number, name: string, body: unknown = {}) =>
    t.request('POST', `/api/orders/${id}/status/${name}`, body, demo.admin);

  async function place(form: Record<string, unknown>) {
    const res = await postOrder(t, form);
    expect(res.status).toBe(201);
    const order = res.body.data.order as { uid: string; hash: string; ticketNumber: number };
    const row = await t.dataSource.getRepository(Order).findOneByOrFail({ uid: order.uid });
    return { ...order, id: row.id };
  }

  it('mails the branch and the customer about a new order, in German, with the status link and exact amounts', async () => {
    const email = 'neu@example.at';
    const order = await place(takeaway(demo, { email, firstName: 'Anna', lastName: 'Huber' }));
    const [customer] = await smtp.waitFor(to(email));
    const [branch] = await smtp.waitFor(
      (m) => m.to.includes('wien@zurlinde.at') && m.subject.includes(`Nr. ${order.ticketNumber} `),
    );

    expect(customer!.subject).toBe(
      `Gruber & Linde: Ihre Bestellung Nr. ${order.ticketNumber} ist eingegangen`,
    );
    expect(customer!.text).toContain('Guten Tag Anna Huber,');
    expect(customer!.text).toContain(statusLink(order));
    expect(customer!.html).toContain(`href="${statusLink(order)}"`);
    expect(customer!.text).toMatch(/1 × Wiener Schnitzel vom Kalb\s+\d+,\d\d\u00a0€/);
    expect(customer!.text).toMatch(/Summe\s+\d+,\d\d\u00a0€/);
    expect(customer!.text).toContain('Gewünschter Termin: so bald wie möglich');

    expect(branch!.subject).toBe(`Neue Bestellung Nr. ${order.ticketNumber} (Abholung) – Gasthaus Zur Linde`);
    expect(branch!.text).toContain('E-Mail neu@example.at');
    expect(branch!.text).toContain(`${PUBLIC_URL}/backend/orders/${order.id}`);

    // Marked done right after the SMTP server accepted the mail.
    await until('both mail jobs done', async () => {
      const jobs = await t.dataSource.getRepository(Job).find({ where: { type: 'mail' } });
      const own = jobs.filter((j) => j.payload.orderId === order.id);
      return own.length === 2 && own.every((j) => j.status === 'done' && j.attempts === 1);
    });
    // Each mail carries the Message-ID of its job: a repeat after a crash is recognisably the same mail.
    const jobs = (await t.dataSource.getRepository(Job).find({ where: { type: 'mail' } })).filter(
      (j) => j.payload.orderId === order.id,
    );
    expect([customer!.messageId, branch!.messageId].sort()).toEqual(
      jobs.map((j) => `<order-mail-${j.id}@${new URL(PUBLIC_URL).hostname}>`).sort(),
    );
  });

  it('mails every status change to the customer: confirmed with the time, ready for pickup, completed with the review link', async () => {
    const email = 'status@example.at';
    const order = await place(takeaway(demo, { email, appointmentDate: '2026-11-20T17:30:00Z' }));
    await smtp.waitFor(to(email));
    expect((await action(order.id, 'confirm')).status).toBe(200);
    const [, confirmed] = await smtp.waitFor(to(email), 2);
    expect(confirmed!.subject).toBe(
      `Gruber & Linde: Ihre Bestellung Nr. ${order.ticketNumber} ist bestätigt`,
    );
    expect(confirmed!.text).toContain('Termin: 20.11.2026, 18:30 Uhr'); // Vienna time
    expect(confirmed!.text).toContain(statusLink(order));

    expect((await action(order.id, 'in-delivery')).status).toBe(200);
    const [, , ready] = await smtp.waitFor(to(email), 3);
    expect(ready!.subject).toContain('ist abholbereit');
    expect(ready!.text).toContain(statusLink(order));

    expect((await action(order.id, 'completed')).status).toBe(200);
    const [, , , done] = await smtp.waitFor(to(email), 4);
    expect(done!.subject).toContain('Danke für Ihre Bestellung');
    expect(done!.text).toContain(`${statusLink(order)}#bewertung`);
    expect(done!.html).toContain(`href="${statusLink(order)}#bewertung"`);
  });

  it('mails a counter-offer with links to accept and reject, a rejection with its reason, and a delivery on its way', async () => {
    const offered = await place(takeaway(demo, { email: 'gegen@example.at' }));
    await action(offered.id, 'confirm', { counterAppointment: '2026-11-20T18:00:00Z' });
    const [, offer] = await smtp.waitFor(to('gegen@example.at'), 2);
    expect(offer!.subject).toContain('Neuer Terminvorschlag');
    expect(offer!.text).toContain('20.11.2026, 19:00 Uhr');
    expect(offer!.text).toContain(`${statusLink(offered)}?gegenangebot=annehmen`);
    expect(offer!.text).toContain(`${statusLink(offered)}?gegenangebot=ablehnen`);

    const rejected = await place(takeaway(demo, { email: 'nein@example.at' }));
    await action(rejected.id, 'reject', { rejectionMessage: 'Küche heute leider <geschlossen>.' });
    const [, no] = await smtp.waitFor(to('nein@example.at'), 2);
    expect(no!.subject).toContain('wurde abgelehnt');
    expect(no!.text).toContain('Begründung: Küche heute leider <geschlossen>.');
    expect(no!.html).toContain('Küche heute leider &lt;geschlossen&gt;.'); // escaped in HTML
    expect(no!.html).not.toContain('<geschlossen>');

    const delivered = await place(delivery(demo, 0, { email: 'liefer@example.at' }));
    await action(delivered.id, 'confirm');
    await action(delivered.id, 'in-delivery');
    const mails = await smtp.waitFor(to('liefer@example.at'), 3);
    expect(mails[2]!.subject).toContain('ist unterwegs');
  });

  it("mails a staff correction the customer notices, not one of the comment, and tells an open order's customer it was deleted", async () => {
    const email = 'korrektur@example.at';
    const order = await place(takeaway(demo, { email }));
    await smtp.waitFor(to(email));
    const put = (body: unknown) => t.request('PUT', `/api/orders/${order.id}`, body, demo.admin);
    expect((await put({ comment: 'Intern: Stammkunde' })).status).toBe(200);
    expect((await put({ appointmentDate: '2026-11-20T17:30:00Z' })).status).toBe(200);
    const [, changed] = await smtp.waitFor(to(email), 2);
    expect(changed!.subject).toBe(`Gruber & Linde: Ihre Bestellung Nr. ${order.ticketNumber} wurde geändert`);
    expect(changed!.text).toContain('geändert (Termin)');
    expect(changed!.text).toContain('Termin: 20.11.2026, 18:30 Uhr');
    expect(changed!.text).toContain(statusLink(order));

    const added = await t.request(
      'POST',
      `/api/orders/${order.id}/items`,
      {
        product: {
          id: demo.products.get('Almdudler 0,5 l')!.id,
          uid: demo.products.get('Almdudler 0,5 l')!.uid,
        },
        amount: 2,
        unit: 'piece',
        parts: [],
      },
      demo.admin,
    );
    expect(added.status).toBe(200);
    const [, , items] = await smtp.waitFor(to(email), 3);
    expect(items!.text).toContain('geändert (Positionen)');
    expect(items!.text).toMatch(/2 × Almdudler 0,5 l\s+9,20\u00a0€/);
    expect(items!.text).toContain(
      `Summe  ${(added.body.data.pricing.totalGross as number).toFixed(2).replace('.', ',')}\u00a0€`,
    );

    expect((await t.request('DELETE', `/api/orders/${order.id}`, undefined, demo.admin)).status).toBe(204);
    const [, , , deleted] = await smtp.waitFor(to(email), 4);
    expect(deleted!.subject).toBe(
      `Gruber & Linde: Ihre Bestellung Nr. ${order.ticketNumber} wurde storniert`,
    );
    expect(deleted!.text).toContain('von uns storniert und wird nicht ausgeführt');
    expect(deleted!.text).not.toContain('/status/');
    // Four mails: received, two changes, deleted (the comment alone sent none).
    expect(smtp.received.filter(to(email))).toHaveLength(4);
  });

  it('sends the new-order mails again on request', async () => {
    const order = await place(takeaway(demo, { email: 'nochmal@example.at' }));
    await smtp.waitFor(to('nochmal@example.at'));
    const res = await t.request('POST', `/api/orders/${order.id}/resend-new-order-email`, {}, demo.admin);
    expect(res.status).toBeLessThan(300);
    const both = await smtp.waitFor(to('nochmal@example.at'), 2);
    expect(both[1]!.subject).toBe(both[0]!.subject);
  });

  it('retries a mail while SMTP is down, with backoff, and sends it once when SMTP is back', async () => {
    const worker = t.app.get(JobWorkerService).worker;
    await smtp.stop();
    const email = 'ausfall@example.at';
    const order = await place(takeaway(demo, { email }));
    const job = async () =>
      (await t.dataSource.getRepository(Job).find({ where: { type: 'mail' } })).find(
        (j) => j.payload.orderId === order.id && j.payload.to === email,
      )!;
    await until(
      'first attempt failed',
      async () => (await job())?.attempts === 1 && (await job()).status === 'pending',
    );
    const failed = await job();
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.runAt.getTime() - t.clock.now().getTime()).toBe(backoffMs(1));

    // Still down at the next attempt: the delay doubles.
    t.clock.advance(backoffMs(1));
    worker.wake();
    await until('second attempt failed', async () => {
      const j = await job();
      return j.attempts === 2 && j.status === 'pending';
    });
    expect((await job()).runAt.getTime() - t.clock.now().getTime()).toBe(backoffMs(2));

    await smtp.start();
    expect(await worker.tick()).toBe(0); // not due before its time
    t.clock.advance(backoffMs(2));
    worker.wake();
    await smtp.waitFor(to(email));
    await until('job done', async () => (await job()).status === 'done');
    // Nothing else is due, and nothing sends it again.
    await worker.tick();
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.received.filter(to(email))).toHaveLength(1);
    expect(await job()).toMatchObject({ attempts: 3, status: 'done' });
  });

  it('sends SMS through the HTTP provider when enablePluginSMS is on, in E.164, with the key from the shop configuration', async () => {
    // Off: no SMS job at all.
    const quiet = await place(takeaway(demo, { email: null, phone: '0664 1111111' }));
    expect(
      (await t.dataSource.getRepository(Job).find({ where: { type: 'sms' } })).filter(
        (j) => j.payload.orderId === quiet.id,
      ),
    ).toEqual([]);

    // Through the repository, as every write of the configuration: it sets `updated_at`, by which the
    // checkout's cached configuration (whose SMS switch the order's notifications take) notices it.
    await t.dataSource
      .getRepository(ShopConfig)
      .update({ id: 1 }, { enablePluginSMS: true, smsApiKey: 'sms-geheim-4711' });
    const config = await t.request('GET', '/api/config', undefined, demo.admin);
    expect(config.body.data.secrets.smsApiKey).toBe('••••4711'); // masked for the back office

    sms.failTimes(1); // the provider is busy once: the job is retried
    const order = await place(takeaway(demo, { email: null, phone: '0664 123 45 67' }));
    await until('first SMS attempt failed', async () =>
      (await t.dataSource.getRepository(Job).find({ where: { type: 'sms' } })).some(
        (j) => j.payload.orderId === order.id && j.attempts === 1 && j.status === 'pending',
      ),
    );
    t.clock.advance(backoffMs(1));
    t.app.get(JobWorkerService).worker.wake();
    await until('SMS received', () => sms.received.length === 1);
    const [got] = sms.received;
    expect(got!.auth).toBe('Bearer sms-geheim-4711');
    expect(got!.body.to).toBe('+436641234567');
    expect(got!.body.text).toContain(`Ihre Bestellung Nr. ${order.ticketNumber} ist eingegangen.`);
    expect(got!.body.text).toContain(statusLink(order));
    expect(got!.body.reference).toMatch(/^job-\d+$/);

    await action(order.id, 'confirm');
    await until('confirmation SMS', () => sms.received.length === 2);
    expect(sms.received[1]!.body.text).toContain('ist bestätigt');

    const res = await t.request('POST', `/api/orders/${order.id}/resend-new-order-sms`, {}, demo.admin);
    expect(res.status).toBeLessThan(300);
    await until('resent SMS', () => sms.received.length === 3);
    expect(sms.received[2]!.body.text).toBe(got!.body.text);
  });

  it('never lets a message that cannot be rendered roll back the order it is about', async () => {
    const ctx = RequestContext.system();
    const uid = '00000000-0000-4000-8000-00000000beef';
    await t.app.get(TransactionalConnection).withTransaction(ctx, async () => {
      await t.app.get(EventBus).publish(ctx, 'order.created', {
        orderId: 987654,
        uid,
        branchId: demo.vienna.id,
        // Items that are not a list: the templates throw on them.
        order: { uid, hash: 'x', email: 'kaputt@example.at', items: 'kaputt' } as unknown as StaffOrder,
      });
    });
    const logged = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM event_log WHERE order_uid = $1 AND type = 'order.created'`,
      [uid],
    );
    expect(logged[0].n).toBe(1); // the transaction committed
    const jobs = (await t.dataSource.getRepository(Job).find({ where: { type: 'mail' } })).filter(
      (j) => j.payload.orderId === 987654,
    );
    expect(jobs).toEqual([]);
  });
});

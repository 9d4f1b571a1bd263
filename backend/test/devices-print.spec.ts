import { Device } from '../src/devices/device.entity.js';
import { hashDeviceKey } from '../src/devices/device-key.service.js';
import { JobWorkerService } from '../src/jobs/job-worker.service.js';
import { PRINT_LEASE_MS } from '../src/printing/print-jobs.service.js';
import { Job } from '../src/jobs/job.entity.js';
import { type Demo, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Print jobs handed to devices over HTTP: fetch, lease, acknowledgement, heartbeat, test page. */
describe('device print jobs (/api/devices/me/…)', () => {
  let t: TestApp;
  let demo: Demo;
  const kasseKey = 'kassa-wien-schluessel-0123456789abcdef0123';
  const secondKey = 'drucker-wien-schluessel-0123456789abcdef01';
  const grazKey = 'drucker-graz-schluessel-0123456789abcdef01';
  let kassa: Device;
  let graz: Device;
  const as = (key: string) => ({ authorization: `Bearer ${key}` });
  const jobs = async (key: string) => {
    const res = await t.request('GET', '/api/devices/me/jobs', undefined, as(key));
    expect(res.status).toBe(200);
    return res.body.data as Array<Record<string, any>>;
  };
  const ack = (key: string, id: number) =>
    t.request('POST', `/api/devices/me/jobs/${id}/ack`, undefined, as(key));

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
    const devices = t.dataSource.getRepository(Device);
    // The demo's front desk in Vienna prints (it has a printer); give it a key.
    kassa = await devices.findOneOrFail({
      where: { identifier: 'linde-wien-kassa' },
      relations: { branch: true },
    });
    await devices.update({ id: kassa.id }, { apiKeyHash: hashDeviceKey(kasseKey), apiKeyHint: 'ef01' });
    await devices.save(
      devices.create({
        identifier: 'linde-wien-drucker',
        type: 'printer',
        branch: demo.vienna,
        settings: { printer: { host: '127.0.0.1', port: 9100, width: 48, type: 'epson' } },
        apiKeyHash: hashDeviceKey(secondKey),
      }),
    );
    graz = await devices.save(
      devices.create({
        identifier: 'estrich-graz-drucker',
        type: 'printer',
        branch: demo.graz,
        settings: { printer: { host: '127.0.0.1', port: 9100, width: 48, type: 'epson' } },
        apiKeyHash: hashDeviceKey(grazKey),
      }),
    );
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    t.clock.set(NOON);
    // Each test starts with no open print job.
    await t.dataSource.query(`UPDATE job SET status = 'done' WHERE type = 'print' AND status = 'pending'`);
  });

  it('refuses the device routes without a valid device key (401)', async () => {
    for (const headers of [{}, as('falsch'), { authorization: 'Basic abc' }]) {
      expect((await t.request('GET', '/api/devices/me/jobs', undefined, headers)).status).toBe(401);
      expect((await t.request('POST', '/api/devices/me/heartbeat', undefined, headers)).status).toBe(401);
      expect((await t.request('POST', '/api/devices/me/jobs/1/ack', undefined, headers)).status).toBe(401);
    }
    // A disabled device's key stops working.
    await t.dataSource.getRepository(Device).update({ id: graz.id }, { isEnabled: false });
    expect((await t.request('GET', '/api/devices/me/jobs', undefined, as(grazKey))).status).toBe(401);
    await t.dataSource.getRepository(Device).update({ id: graz.id }, { isEnabled: true });
  });

  it('hands a new order of the branch to its device with everything the receipt needs; an acked job never comes again', async () => {
    const placed = await postOrder(t, takeaway(demo, { comment: 'Bitte ohne Zwiebel' }));
    expect(placed.status).toBe(201);
    const uid = placed.body.data.order.uid;

    const [job, ...more] = await jobs(kasseKey);
    expect(more).toEqual([]);
    expect(job).toMatchObject({
      kind: 'receipt',
      reason: 'created',
      attempts: 1,
      publicUrl: t.config.publicUrl,
      branch: { id: demo.vienna.id, name: demo.vienna.name },
      order: {
        uid,
        ticketNumber: placed.body.data.order.ticketNumber,
        comment: 'Bitte ohne Zwiebel',
        firstName: 'Anna',
        items: [expect.objectContaining({ name: 'Wiener Schnitzel vom Kalb', amount: 1 })],
        pricing: expect.objectContaining({ totalGross: expect.any(Number) }),
      },
    });
    expect(typeof job!.order.hash).toBe('string');
    expect(typeof job!.shop.name).toBe('string');
    // Graz's device sees nothing of Vienna.
    expect(await jobs(grazKey)).toEqual([]);

    const first = await ack(kasseKey, job!.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: job!.id, acknowledged: true });
    // A second ack: 200, nothing changes.
    const second = await ack(kasseKey, job!.id);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({
      id: job!.id,
      acknowledged: false,
      doneAt: first.body.data.doneAt,
    });

    // Never handed out again, not even after any lease.
    expect(await jobs(kasseKey)).toEqual([]);
    t.clock.advance(PRINT_LEASE_MS * 10);
    expect(await jobs(kasseKey)).toEqual([]);
    expect(await jobs(secondKey)).toEqual([]);
    const row = await t.dataSource.getRepository(Job).findOneByOrFail({ id: job!.id });
    expect(row).toMatchObject({ status: 'done', payload: expect.objectContaining({ ackedBy: kassa.id }) });
  });

  it('leases a handed-out job to its device; unacked it is handed out again after the lease', async () => {
    const placed = await postOrder(t, takeaway(demo));
    expect(placed.status).toBe(201);
    const [job] = await jobs(kasseKey);
    expect(job).toBeDefined();
    // The other printer of the branch does not get it while the lease runs …
    expect(await jobs(secondKey)).toEqual([]);
    t.clock.advance(PRINT_LEASE_MS - 1000);
    expect(await jobs(secondKey)).toEqual([]);
    // … the holder does again (a re-poll renews its lease) …
    const again = await jobs(kasseKey);
    expect(again.map((j) => j.id)).toEqual([job!.id]);
    expect(again[0]!.attempts).toBe(2);
    // … and once the lease is over without an ack, another device gets it.
    t.clock.advance(PRINT_LEASE_MS + 1000);
    const taken = await jobs(secondKey);
    expect(taken.map((j) => j.id)).toEqual([job!.id]);
    expect(await jobs(kasseKey)).toEqual([]);
    // The first device printed it after all and acknowledges late: accepted, the job is done.
    expect((await ack(kasseKey, job!.id)).body.data.acknowledged).toBe(true);
    expect((await ack(secondKey, job!.id)).body.data.acknowledged).toBe(false);
    t.clock.advance(PRINT_LEASE_MS * 2);
    expect(await jobs(secondKey)).toEqual([]);
    // Another branch's device cannot acknowledge it (404), nor an unknown job.
    expect((await ack(grazKey, job!.id)).status).toBe(404);
    expect((await ack(kasseKey, 99_999_999)).status).toBe(404);
    expect((await ack(kasseKey, 0)).status).toBe(404);
  });

  it('hands out jobs oldest first, including reprints staff ask for, and the durable worker leaves them alone', async () => {
    const uids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const placed = await postOrder(t, takeaway(demo, { comment: `Nr. ${i}` }));
      expect(placed.status).toBe(201);
      uids.push(placed.body.data.order.uid);
    }
    const order = await t.dataSource.query(`SELECT id FROM customer_order WHERE uid = $1`, [uids[0]]);
    const reprint = await t.request('POST', `/api/orders/${order[0].id}/print`, undefined, demo.admin);
    expect(reprint.status).toBe(200);
    // The durable worker runs its rounds until it finds nothing it can run: print jobs have no handler, so
    // they stay pending (awaited rounds of the real worker, not a pause that hopes it ran).
    const worker = t.app.get(JobWorkerService).worker;
    let rounds = 0;
    while ((await worker.tick()) > 0) expect(++rounds).toBeLessThan(10);
    const list = await jobs(kasseKey);
    expect(list.map((j) => [j.order.uid, j.reason])).toEqual([
      [uids[0], 'created'],
      [uids[1], 'created'],
      [uids[2], 'created'],
      [uids[0], 'requested'],
    ]);
    expect(list.map((j) => j.id)).toEqual([...list.map((j) => j.id)].sort((a, b) => a - b));
    const statuses = await t.dataSource.query(
      `SELECT DISTINCT status FROM job WHERE id = ANY($1::bigint[])`,
      [list.map((j) => j.id)],
    );
    expect(statuses).toEqual([{ status: 'pending' }]);
    for (const job of list) expect((await ack(kasseKey, job.id)).status).toBe(200);
    expect(await jobs(kasseKey)).toEqual([]);
  });

  it('prints the kitchen ticket or labels on the one paired printer staff chose, and refuses any other device (400 at device)', async () => {
    const placed = await postOrder(t, takeaway(demo));
    expect(placed.status).toBe(201);
    const uid = placed.body.data.order.uid;
    const [{ id }] = await t.dataSource.query(`SELECT id FROM customer_order WHERE uid = $1`, [uid]);
    // The new order's own receipt goes to every printer of the branch; out of the way first.
    for (const job of await jobs(kasseKey)) expect((await ack(kasseKey, job.id)).status).toBe(200);
    const print = (body: unknown, who = demo.admin) =>
      t.request('POST', `/api/orders/${id}/print`, body, who);

    expect((await print({ kind: 'kitchen', device: { id: kassa.id } })).status).toBe(200);
    expect((await print({ kind: 'labels', device: { id: kassa.id } })).status).toBe(200);
    // Only the chosen device gets them; the branch's other printer sees nothing, even after the lease.
    expect(await jobs(secondKey)).toEqual([]);
    const mine = await jobs(kasseKey);
    expect(mine.map((j) => [j.order.uid, j.kind, j.reason])).toEqual([
      [uid, 'kitchen', 'requested'],
      [uid, 'labels', 'requested'],
    ]);
    t.clock.set(new Date(Date.parse(NOON) + PRINT_LEASE_MS + 1000).toISOString());
    expect(await jobs(secondKey)).toEqual([]);
    for (const job of mine) expect((await ack(kasseKey, job.id)).status).toBe(200);

    // A device of another branch, an unknown one, an unpaired one: a German 400 naming `device`.
    const unpaired = await t.dataSource.getRepository(Device).save(
      t.dataSource.getRepository(Device).create({
        identifier: 'linde-wien-ungekoppelt',
        type: 'printer',
        branch: demo.vienna,
        settings: { printer: { host: '127.0.0.1', port: 9100, width: 48, type: 'epson' } },
      }),
    );
    for (const device of [{ id: graz.id }, { id: 999_999 }, { id: unpaired.id }]) {
      const res = await print({ kind: 'receipt', device });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({
        message: 'Bitte einen gekoppelten Drucker der Filiale dieser Bestellung wählen.',
        field: 'device',
      });
    }
    const bad = await print({ kind: 'menu' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('kind');
    // Nothing was written for the refused requests.
    expect(await jobs(kasseKey)).toEqual([]);
    expect(await jobs(grazKey)).toEqual([]);
  });

  it('sets lastSeenAt from the clock on a heartbeat and answers the device settings', async () => {
    t.clock.set('2026-11-20T12:34:56Z');
    const res = await t.request('POST', '/api/devices/me/heartbeat', undefined, as(kasseKey));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: kassa.id,
      type: 'frontdesk',
      branch: { id: demo.vienna.id },
      settings: { printer: expect.objectContaining({ host: '192.168.20.31', port: 9100 }) },
      lastSeenAt: '2026-11-20T12:34:56.000Z',
    });
    const read = await t.request('GET', `/api/devices/${kassa.id}`, undefined, demo.admin);
    expect(read.body.data.lastSeenAt).toBe('2026-11-20T12:34:56.000Z');
  });

  it('sends a test page to one device only (staff, devices:write), with its print.job event', async () => {
    const res = await t.request('POST', `/api/devices/${graz.id}/test/print`, undefined, demo.admin);
    expect(res.status).toBe(200);
    const jobId = res.body.data.jobId;
    expect(res.body.data).toEqual({ jobId, deviceId: graz.id });
    const [job] = await jobs(grazKey);
    expect(job).toMatchObject({ id: jobId, kind: 'test', reason: 'test', order: null });
    expect(job!.branch.id).toBe(demo.graz.id);
    const events = await t.dataSource.query(
      `SELECT type, branch_id FROM event_log WHERE payload ->> 'jobId' = $1`,
      [String(jobId)],
    );
    expect(events).toEqual([{ type: 'print.job', branch_id: demo.graz.id }]);
    expect((await ack(grazKey, jobId)).body.data.acknowledged).toBe(true);
    // The employee of Vienna may not test Graz's printer; an unknown device is 404.
    expect(
      (await t.request('POST', `/api/devices/${graz.id}/test/print`, undefined, demo.employee)).status,
    ).toBe(403);
    expect((await t.request('POST', `/api/devices/99999/test/print`, undefined, demo.admin)).status).toBe(
      404,
    );
  });
});

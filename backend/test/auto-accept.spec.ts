import { Branch } from '../src/branches/branch.entity.js';
import { Job } from '../src/jobs/job.entity.js';
import { JobWorkerService } from '../src/jobs/job-worker.service.js';
import { AUTO_ACCEPT_JOB } from '../src/orders/auto-accept.service.js';
import { loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('auto-accept and the default preparation time', () => {
  let t: TestApp;
  let demo: Demo;

  beforeAll(async () => {
    // The worker is off: jobs run exactly when the test asks (tick), as no board is open.
    t = await startTestApp({ seed: true, env: { ...ORDER_TEST_ENV, JOBS_WORKER: 'false' } });
    t.clock.set(NOON);
    demo = await loadDemo(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function runJobs(): Promise<void> {
    const worker = t.app.get(JobWorkerService).worker;
    for (let round = 0; round < 10 && (await worker.tick()) > 0; round++);
  }

  async function place(overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await postOrder(t, takeaway(demo, overrides));
    expect(res.status).toBe(201);
    const list = await t.request('GET', '/api/orders?limit=500', undefined, demo.admin);
    return list.body.data.find((o: { uid: string }) => o.uid === res.body.data.order.uid).id;
  }

  const get = async (id: number) =>
    (await t.request('GET', `/api/orders/${id}`, undefined, demo.admin)).body.data;

  async function setBranch(fields: Record<string, unknown>) {
    const current = await t.request('GET', `/api/branches/${demo.vienna.id}`, undefined, demo.admin);
    const res = await t.request(
      'PUT',
      `/api/branches/${demo.vienna.id}`,
      { ...current.body.data, ...fields },
      demo.admin,
    );
    expect(res.status).toBe(200);
    return res.body.data;
  }

  it('stores both settings through the branch API and checks their bounds in German', async () => {
    const saved = await setBranch({ defaultPreparationMinutes: 25, isAutoAcceptEnabled: false });
    expect(saved).toMatchObject({ defaultPreparationMinutes: 25, isAutoAcceptEnabled: false });
    const current = await t.request('GET', `/api/branches/${demo.vienna.id}`, undefined, demo.admin);
    const bad = await t.request(
      'PUT',
      `/api/branches/${demo.vienna.id}`,
      { ...current.body.data, defaultPreparationMinutes: 601 },
      demo.admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('defaultPreparationMinutes');
    expect(bad.body.errors[0].message).toMatch(/600/);
  });

  it('a confirm without a time takes the default preparation time for "as soon as possible"', async () => {
    await setBranch({ defaultPreparationMinutes: 25, isAutoAcceptEnabled: false });
    const id = await place();
    const res = await t.request('POST', `/api/orders/${id}/status/confirm`, {}, demo.admin);
    expect(res.status).toBe(200);
    expect(res.body.data.appointment).toBe('2026-11-20T11:25:00.000Z');
    // A wanted time later than that is kept; a chosen time always wins.
    const later = await place({ appointmentDate: '2026-11-20T14:00:00.000Z' });
    const kept = await t.request('POST', `/api/orders/${later}/status/confirm`, {}, demo.admin);
    expect(kept.body.data.appointment).toBe('2026-11-20T14:00:00.000Z');
    const chosen = await place();
    const explicit = await t.request(
      'POST',
      `/api/orders/${chosen}/status/confirm`,
      { appointment: '2026-11-20T11:45:00.000Z' },
      demo.admin,
    );
    expect(explicit.body.data.appointment).toBe('2026-11-20T11:45:00.000Z');
  });

  it('without auto-accept a new order waits for staff', async () => {
    await setBranch({ isAutoAcceptEnabled: false });
    const id = await place();
    await runJobs();
    expect((await get(id)).status).toBe('unconfirmed');
    expect(await t.dataSource.getRepository(Job).countBy({ type: AUTO_ACCEPT_JOB })).toBe(0);
  });

  it('with auto-accept a new order is confirmed by the worker, once, with the preparation time', async () => {
    await setBranch({ isAutoAcceptEnabled: true, defaultPreparationMinutes: 15 });
    const id = await place();
    expect((await get(id)).status).toBe('unconfirmed'); // the order itself is never held up
    await runJobs();
    const order = await get(id);
    expect(order.status).toBe('confirmed');
    expect(order.appointment).toBe('2026-11-20T11:15:00.000Z');
    const jobs = await t.dataSource.getRepository(Job).findBy({ type: AUTO_ACCEPT_JOB });
    expect(jobs.filter((j) => j.payload.orderId === id).map((j) => j.status)).toEqual(['done']);
  });

  it('leaves an order that staff answered first, and ignores other branches', async () => {
    await setBranch({ isAutoAcceptEnabled: true });
    const id = await place();
    const rejected = await t.request(
      'POST',
      `/api/orders/${id}/status/reject`,
      { rejectionMessage: 'Heute leider ausgebucht.' },
      demo.admin,
    );
    expect(rejected.status).toBe(200);
    await runJobs();
    expect((await get(id)).status).toBe('rejected');
    const jobs = await t.dataSource.getRepository(Job).findBy({ type: AUTO_ACCEPT_JOB });
    expect(jobs.find((j) => j.payload.orderId === id)?.status).toBe('done');
    const graz = await t.dataSource.getRepository(Branch).findOneByOrFail({ id: demo.graz.id });
    expect(graz.isAutoAcceptEnabled).toBe(false);
  });
});

import type { Logger } from 'pino';
import { Branch } from '../../src/branches/branch.entity.js';
import { ShopConfig } from '../../src/config/shop-config.entity.js';
import { LOGGER } from '../../src/core/tokens.js';
import { JobWorkerService } from '../../src/jobs/job-worker.service.js';
import { Order } from '../../src/orders/order.entity.js';
import { loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from '../orders.fixtures.js';
import { DatatransFake, VoucherFake } from './datatrans-fake.js';
import { MollieFake } from './mollie-fake.js';
import { startTestApp, type TestApp } from './test-app.js';

/** A Mollie test key (fake accepts `test_` + at least 20 word characters). */
export const MOLLIE_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
export const PUBLIC_URL = 'https://bestellen.example.at';

export interface PaymentsWorld {
  t: TestApp;
  demo: Demo;
  mollie: MollieFake;
  datatrans: DatatransFake;
  voucher: VoucherFake;
  /** Runs every due job once (the worker is off in these tests, so they run exactly when asked). */
  runJobs(): Promise<number>;
  /** Every line the application's root logger wrote (payments log through it). */
  logged(): string;
  close(): Promise<void>;
}

/**
 * The demo business on a fresh database with Mollie, Datatrans and vouchers enabled in the configuration
 * and the Vienna branch, the providers' secrets stored, and local fakes of Mollie, Datatrans and the
 * voucher issuer. The job worker is off: tests run due jobs with {@link PaymentsWorld.runJobs}.
 */
export async function startPaymentsWorld(): Promise<PaymentsWorld> {
  const mollie = await new MollieFake().start();
  const datatrans = await new DatatransFake().start();
  const voucher = await new VoucherFake().start();
  const t = await startTestApp({
    seed: true,
    env: {
      ...ORDER_TEST_ENV,
      PUBLIC_URL,
      JOBS_WORKER: 'false',
      MOLLIE_API_URL: mollie.url,
      DATATRANS_API_URL: datatrans.url,
      VOUCHER_API_URL: voucher.url,
      VOUCHER_API_KEY: voucher.apiKey,
    },
  });
  const demo = await loadDemo(t);
  await t.dataSource.getRepository(ShopConfig).update(
    { id: 1 },
    {
      enableCash: true,
      enableATMCard: true,
      enableHydroAGVoucher: true,
      enableMollie: true,
      enableDatatrans: true,
      enablePluginCardPayments: true,
      enablePluginVoucherPayments: true,
      enablePluginOnlinePayments: true,
      mollieApiKey: MOLLIE_KEY,
      datatransMerchantId: datatrans.merchantId,
      datatransPassword: datatrans.password,
      datatransSign: datatrans.signKey,
    },
  );
  await t.dataSource.getRepository(Branch).update(
    { id: demo.vienna.id },
    {
      isCashEnabled: true,
      isATMCardEnabled: true,
      isHydroAGVoucherEnabled: true,
      isMollieEnabled: true,
      isDatatransEnabled: true,
    },
  );
  const logger = t.app.get<Logger>(LOGGER);
  const lines: string[] = [];
  for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
    const original = logger[level].bind(logger);
    (logger as unknown as Record<string, unknown>)[level] = (...args: unknown[]) => {
      lines.push(JSON.stringify(args, (_k, v: unknown) => (v instanceof Error ? v.message : v)));
      return (original as (...a: unknown[]) => void)(...args);
    };
  }
  const worker = t.app.get(JobWorkerService).worker;
  return {
    t,
    demo,
    mollie,
    datatrans,
    voucher,
    async runJobs() {
      let total = 0;
      for (let round = 0; round < 10; round++) {
        const ran = await worker.tick();
        total += ran;
        if (ran === 0) break;
      }
      return total;
    },
    logged: () => lines.join('\n'),
    async close() {
      await t.close();
      await Promise.all([mollie.stop(), datatrans.stop(), voucher.stop()]);
    },
  };
}

/** Places an order with a payment method; answers the response and the stored order (if any). */
export async function order(
  w: PaymentsWorld,
  paymentMethod: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await postOrder(w.t, takeaway(w.demo, { paymentMethod, ...overrides }));
  const uid = res.body?.data?.order?.uid as string | undefined;
  const stored = uid ? await w.t.dataSource.getRepository(Order).findOneBy({ uid }) : null;
  return { res, order: stored };
}

/** The stored order again. */
export function reload(w: PaymentsWorld, id: number) {
  return w.t.dataSource.getRepository(Order).findOneByOrFail({ id });
}

/** Rows of the live event log of an order (`order.created` only once it reached staff). */
export async function eventTypes(w: PaymentsWorld, uid: string): Promise<string[]> {
  const rows: Array<{ type: string }> = await w.t.dataSource.query(
    'SELECT type FROM event_log WHERE order_uid = $1 ORDER BY id',
    [uid],
  );
  return rows.map((r) => r.type);
}

/** Job types written for an order (mails, SMS, print, payment checks and refunds). */
export async function jobsOf(w: PaymentsWorld, orderId: number): Promise<string[]> {
  const rows: Array<{ type: string }> = await w.t.dataSource.query(
    `SELECT type FROM job WHERE (payload ->> 'orderId')::int = $1 ORDER BY id`,
    [orderId],
  );
  return rows.map((r) => r.type);
}

/** Posts Mollie's webhook: `id=tr_…`, form-encoded, nothing else. */
export function mollieWebhook(w: PaymentsWorld, id: string, extra = '') {
  return w.t.request('POST', '/api/payments/mollie/webhook', `id=${encodeURIComponent(id)}${extra}`, {
    'content-type': 'application/x-www-form-urlencoded',
  });
}

/** Posts a Datatrans webhook with the given body and signature header (none when null). */
export function datatransWebhook(w: PaymentsWorld, body: string, signature: string | null) {
  return w.t.request('POST', '/api/payments/datatrans/webhook', body, {
    'content-type': 'application/json',
    ...(signature === null ? {} : { 'datatrans-signature': signature }),
  });
}

export { NOON };

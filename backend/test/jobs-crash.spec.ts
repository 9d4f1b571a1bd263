// @runs-once: kills and restarts the built server on its embedded database (PGlite), whatever DATABASE_URL names
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, fromLocal, localDate, weekdayOf } from '@ordering/common';
import { openDatabase } from '../src/database/data-source.js';
import { ENTITIES } from '../src/schema/entities.js';
import { startSmtp } from './support/smtp.js';

// The built server as a user starts it (npm start builds it first; so does this test's runner).
const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function run(env: Record<string, string>) {
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitHealthy(base: string, r: ReturnType<typeof run>): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (r.child.exitCode !== null) throw new Error(`server exited early:\n${r.output()}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${r.output()}`);
}

/** Noon (Vienna) of the first day after tomorrow that the demo inn is open (it closes on Mondays). */
function preorderTime(): string {
  let day = addDays(localDate(new Date(), 'Europe/Vienna'), 2);
  if (weekdayOf(day) === 0) day = addDays(day, 1);
  return fromLocal(day, 12 * 60, 'Europe/Vienna').toISOString();
}

describe('a kill -9 of the backend during a burst of orders (embedded database)', () => {
  beforeAll(() => {
    if (!existsSync(main)) throw new Error(`${main} fehlt: bitte zuerst "npm run build" ausführen.`);
  });

  it('keeps every order that got a 201 with its mail jobs, and sends each mail after the restart', async () => {
    const smtp = await startSmtp(0, { delayMs: 20 });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jobs-crash-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://bestellen.example.at',
      RATE_LIMIT_PUBLIC_WRITES: '100000/60',
      BCRYPT_COST: '4',
    };
    const first = run(env);
    try {
      await waitHealthy(base, first);
      const branches = ((await (await fetch(`${base}/api/branches?limit=100`)).json()) as { data: unknown })
        .data as Array<{
        id: number;
        identifier: string;
      }>;
      const vienna = branches.find((b) => b.identifier === 'gasthaus-linde-wien')!;
      const products = ((await (await fetch(`${base}/api/products?limit=1000`)).json()) as { data: unknown })
        .data as Array<{
        id: number;
        uid: string;
        name: string;
        unit: string;
      }>;
      const schnitzel = products.find((p) => p.name === 'Wiener Schnitzel vom Kalb')!;
      const appointmentDate = preorderTime();

      // The burst: eight clients ordering as fast as they can; the kill comes in the middle of it.
      const accepted: string[] = [];
      let stop = false;
      let sent = 0;
      const client = async (c: number) => {
        for (let i = 0; !stop; i++) {
          const email = `kunde-${c}-${i}@example.at`;
          sent += 1;
          try {
            const res = await fetch(`${base}/api/orders`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': `crash-${c}-${i}` },
              body: JSON.stringify({
                firstName: 'Kim',
                lastName: 'Test',
                email,
                phone: '+43 664 1234567',
                paymentMethod: 'cash',
                legalInstructions: true,
                privacyPolicy: true,
                branch: { id: vienna.id },
                isDelivery: false,
                isDineIn: false,
                appointmentDate,
                items: [
                  {
                    product: { id: schnitzel.id, uid: schnitzel.uid },
                    amount: 1,
                    unit: schnitzel.unit,
                    parts: [],
                  },
                ],
              }),
            });
            if (res.status === 201) accepted.push(email);
            else if (!stop) throw new Error(`order refused: ${res.status} ${await res.text()}`);
          } catch (err) {
            if (!stop) throw err;
          }
        }
      };
      const clients = Array.from({ length: 8 }, (_, c) => client(c));
      const deadline = Date.now() + 30_000;
      while (accepted.length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      first.child.kill('SIGKILL');
      stop = true;
      await first.exited;
      await Promise.all(clients);
      expect(accepted.length).toBeGreaterThanOrEqual(40);
      const mailsBeforeRestart = smtp.received.length;

      // After the crash: every accepted order is there, each with its customer mail job and the branch's.
      const db = await openDatabase({ kind: 'embedded', dataDir }, ENTITIES);
      let inFlight: number;
      try {
        // (The demo day's orders were seeded without events: only the burst's orders count.)
        const orders: Array<{ id: number; email: string }> = await db.dataSource.query(
          `SELECT id, email FROM customer_order WHERE email LIKE 'kunde-%'`,
        );
        const byEmail = new Set(orders.map((o) => o.email));
        expect(accepted.filter((e) => !byEmail.has(e))).toEqual([]);
        const jobs: Array<{ to: string; status: string; order_id: string }> = await db.dataSource.query(
          `SELECT payload ->> 'to' AS to, status, payload ->> 'orderId' AS order_id FROM job WHERE type = 'mail'`,
        );
        expect(orders.filter((o) => !jobs.some((j) => j.to === o.email)).map((o) => o.email)).toEqual([]);
        expect(jobs.filter((j) => j.to === 'wien@zurlinde.at')).toHaveLength(orders.length);
        inFlight = jobs.filter((j) => j.status === 'running').length;
        const pending = jobs.filter((j) => j.status === 'pending').length;
        console.log(
          `kill -9 after ${accepted.length} accepted orders (${sent} sent): ${orders.length} orders stored, ` +
            `${jobs.length} mail jobs (${pending} pending, ${inFlight} running at the kill), ${mailsBeforeRestart} mails sent before, ${smtp.connectionErrors.length} SMTP connections reset`,
        );
      } finally {
        await db.close();
      }

      // The restart sends the rest: every stored order's customer mail arrives, none more than once
      // unless its job was in the middle of the SMTP dialogue when the process died.
      const second = run({ ...env, SEED_DEMO: 'false' });
      try {
        await waitHealthy(base, second);
        const deadline2 = Date.now() + 60_000;
        const customers = () =>
          new Set(smtp.received.flatMap((m) => m.to).filter((to) => to.startsWith('kunde-')));
        while (accepted.some((e) => !customers().has(e)) && Date.now() < deadline2)
          await new Promise((r) => setTimeout(r, 100));
        expect(accepted.filter((e) => !customers().has(e))).toEqual([]);
        second.child.kill('SIGTERM');
        expect(await second.exited).toBe(0);
      } finally {
        if (second.child.exitCode === null) second.child.kill('SIGKILL');
      }

      const after = await openDatabase({ kind: 'embedded', dataDir }, ENTITIES);
      try {
        const jobs: Array<{ to: string; status: string }> = await after.dataSource.query(
          `SELECT payload ->> 'to' AS to, status FROM job WHERE type = 'mail'`,
        );
        expect(jobs.filter((j) => j.status !== 'done')).toEqual([]);
        const perAddress = new Map<string, number>();
        for (const to of smtp.received.flatMap((m) => m.to))
          perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
        const customerJobs = jobs.filter((j) => j.to.startsWith('kunde-'));
        const repeats = customerJobs.filter((j) => (perAddress.get(j.to) ?? 0) > 1).length;
        const branchRepeats =
          (perAddress.get('wien@zurlinde.at') ?? 0) - jobs.filter((j) => j.to === 'wien@zurlinde.at').length;
        console.log(
          `after the restart: ${smtp.received.length} mails, ${repeats + branchRepeats} sent twice (at most the ${inFlight} in flight)`,
        );
        expect(customerJobs.every((j) => (perAddress.get(j.to) ?? 0) >= 1)).toBe(true);
        expect(repeats + branchRepeats).toBeLessThanOrEqual(inFlight);
        expect(branchRepeats).toBeGreaterThanOrEqual(0);
      } finally {
        await after.close();
      }
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
      await smtp.close();
    }
  }, 240_000);
});

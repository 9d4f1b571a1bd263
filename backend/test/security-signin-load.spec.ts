// @runs-once: tests the password-hash pool and the event loop; the database only answers "no such user"
import { startTestApp, type TestApp } from './support/test-app.js';

const BURST = 40;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

describe('sign-in under a burst of 40 parallel anonymous attempts (production bcrypt cost 12)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Cost 12 as in production; one proxy hop trusted so that each attempt comes from its own address
    // and every one of them really reaches the password check.
    t = await startTestApp({ env: { BCRYPT_COST: '12', TRUST_PROXY: '1' } });
    // The dummy hash for unknown names is prepared at start; wait for it like a running server would.
    await t.request(
      'POST',
      '/api/auth/login',
      { username: 'aufwaermen', password: 'x' },
      { 'x-forwarded-for': '192.0.2.254' },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the event loop free (GET /api/health answering) while the hashes run', async () => {
    let pending = BURST;
    const started = performance.now();
    const loopBefore = performance.eventLoopUtilization();
    const burst = Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        t
          .request(
            'POST',
            '/api/auth/login',
            { username: `angreifer-${i}`, password: `rate-mal-${i}` },
            { 'x-forwarded-for': `198.51.100.${i + 1}` },
          )
          .finally(() => (pending -= 1)),
      ),
    );
    const latencies: number[] = [];
    // Let the burst arrive first, then probe the server for as long as hashes are being computed.
    await new Promise((r) => setTimeout(r, 50));
    while (pending > 0) {
      const t0 = performance.now();
      const res = await t.request('GET', '/api/health');
      latencies.push(performance.now() - t0);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 20));
    }
    const answers = await burst;
    const burstMs = performance.now() - started;
    // The share of the burst this process's event loop was busy (server and test client share it).
    const loopBusy = performance.eventLoopUtilization(loopBefore).utilization;
    const sorted = [...latencies].sort((a, b) => a - b);
    const figures = {
      attempts: BURST,
      statuses: answers.reduce<Record<number, number>>(
        (acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }),
        {},
      ),
      burstMs: Math.round(burstMs),
      eventLoopBusy: Math.round(loopBusy * 100) / 100,
      healthProbes: latencies.length,
      healthMs: {
        p50: Math.round(percentile(sorted, 50)),
        p95: Math.round(percentile(sorted, 95)),
        max: Math.round(sorted[sorted.length - 1]!),
      },
    };
    console.log(`sign-in burst: ${JSON.stringify(figures)}`);

    // Every attempt was checked (none refused for load) and took real bcrypt work.
    expect(answers.every((a) => a.status === 401)).toBe(true);
    expect(latencies.length).toBeGreaterThanOrEqual(10);
    // On the main thread, 40 cost-12 hashes would keep the event loop busy for most of the burst; in the
    // hash pool's workers the loop mostly waits. The loop's own busy share tells the two apart whatever
    // else the machine runs (the health probes' latencies, printed above, also count the time this process
    // waits for a CPU: in CI beside the browser suite their 95th percentile once reached 116 ms with the
    // loop free). Measured: 0.21 with the pool; with the hashes on the main thread 1.0 (the test fails).
    expect(loopBusy).toBeLessThan(0.5);
  }, 180_000);
});

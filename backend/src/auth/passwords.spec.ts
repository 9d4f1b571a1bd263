import bcrypt from 'bcryptjs';
import { threadId } from 'node:worker_threads';
import { HashPool, HashPoolBusy } from './hash-pool.js';
import { PasswordHasher } from './passwords.js';

describe(PasswordHasher.name, () => {
  let hasher: PasswordHasher;
  afterEach(async () => {
    await hasher?.onApplicationShutdown();
  });

  describe('hash and verify', () => {
    it('writes bcrypt hashes that bcryptjs reads, and checks them', async () => {
      hasher = new PasswordHasher(4);
      const hash = await hasher.hash('Richtig-Geheim-2026');
      expect(hash).toMatch(/^\$2b\$04\$/);
      expect(bcrypt.compareSync('Richtig-Geheim-2026', hash)).toBe(true);
      expect(await hasher.verify('Richtig-Geheim-2026', hash)).toBe(true);
      expect(await hasher.verify('falsch', hash)).toBe(false);
      expect(await hasher.verify('egal', null)).toBe(false);
    });

    it('computes on a worker thread, not on the main thread', async () => {
      hasher = new PasswordHasher(4);
      await hasher.hash('irgendein-Passwort');
      expect(threadId).toBe(0);
      expect(hasher.lastThreadId).toEqual(expect.any(Number));
      expect(hasher.lastThreadId).not.toBe(threadId);
    });

    it('keeps the event loop turning while a slow hash runs', async () => {
      // Cost 12 takes hundreds of milliseconds of CPU. On the main thread (bcryptjs' sync API) the loop
      // would not turn at all; with its chunked "async" API it would turn a few times between 100 ms
      // slices. On a worker it turns thousands of times.
      hasher = new PasswordHasher(12);
      let turns = 0;
      let done = false;
      const spin = (): void => {
        turns += 1;
        if (!done) setImmediate(spin);
      };
      setImmediate(spin);
      const started = performance.now();
      await hasher.hash('ein-langes-Passwort');
      done = true;
      const ms = performance.now() - started;
      console.log(`cost-12 hash: ${Math.round(ms)} ms, event loop turned ${turns} times meanwhile`);
      expect(turns).toBeGreaterThan(200);
    });
  });

  describe('dummyHash', () => {
    it('is computed once and reused', async () => {
      hasher = new PasswordHasher(4);
      const a = await hasher.dummyHash();
      expect(await hasher.dummyHash()).toBe(a);
    });
  });
});

describe(HashPool.name, () => {
  let pool: HashPool;
  afterEach(async () => {
    await pool.close();
  });

  it('refuses jobs beyond its queue at once instead of piling them up', async () => {
    pool = new HashPool(1, 2);
    const slow = { op: 'hash' as const, password: 'x', cost: 10 };
    const first = pool.run(slow); // on the worker
    const queued = [pool.run(slow), pool.run(slow)]; // waiting
    await expect(pool.run(slow)).rejects.toBeInstanceOf(HashPoolBusy);
    await Promise.all([first, ...queued]);
    expect(pool.waiting).toBe(0);
  });

  it('spreads jobs over its workers', async () => {
    pool = new HashPool(2, 10);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => pool.run<string>({ op: 'hash', password: 'y', cost: 8 })),
    );
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(2);
  });

  it('closes while a worker is still starting with a hash in hand: the job is refused, close settles', async () => {
    pool = new HashPool(1, 4);
    const inFlight = pool.run({ op: 'hash', password: 'z', cost: 12 }); // the worker is not even online yet
    const started = performance.now();
    await pool.close();
    await expect(inFlight).rejects.toThrow(/stopped|closed/);
    expect(performance.now() - started).toBeLessThan(2500); // bounded even if terminate() never settled
  });

  it('refuses work after close', async () => {
    pool = new HashPool(1, 1);
    await pool.close();
    await expect(pool.run({ op: 'compare', password: 'a', hash: 'b' })).rejects.toThrow('closed');
  });
});

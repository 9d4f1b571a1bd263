import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/database/data-source.js';
import { ENTITIES } from '../src/schema/entities.js';

// The built server as a user starts it: `node backend/dist/main.js` (npm start builds it first).
const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');
// What `npm start -w backend` runs (and `npm start` after its build): the server with the Node flags and the
// C allocator's settings of scripts/server-flags.mjs.
const serve = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/serve.mjs');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(env: Record<string, string>, script = main): Run {
  let out = '';
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  // 'close', not 'exit': the last lines on stdout may still be on their way when the process has exited.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitHealthy(port: number, r: Run): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (r.child.exitCode !== null) throw new Error(`server exited early:\n${r.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${r.output()}`);
}

/** Opens the embedded database folder after the server has stopped and counts the branches. */
async function branchCountIn(dataDir: string): Promise<number> {
  const db = await openDatabase({ kind: 'embedded', dataDir }, ENTITIES);
  try {
    const rows = await db.dataSource.query('SELECT count(*)::int AS n FROM branch');
    return rows[0].n;
  } finally {
    await db.close();
  }
}

describe('the server process', () => {
  beforeAll(() => {
    if (!existsSync(main)) throw new Error(`${main} fehlt: bitte zuerst "npm run build" ausführen.`);
  });

  it('stops at once with a sentence naming PORT when PORT=abc', async () => {
    const r = run({ PORT: 'abc', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'proc-')) });
    expect(await r.exited).toBe(1);
    expect(r.output()).toContain(
      'Die Umgebungsvariable PORT muss eine ganze Zahl zwischen 1 und 65535 sein, nicht "abc".',
    );
  });

  it('stops with a sentence naming DATABASE_URL when the server is unreachable', async () => {
    const port = await freePort(); // nothing listens there
    const r = run({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nirgends`,
    });
    expect(await r.exited).toBe(1);
    expect(r.output()).toMatch(
      /Die Datenbank unter DATABASE_URL \(postgres:\/\/postgres@127\.0\.0\.1:\d+\/nirgends\) ist nicht erreichbar/,
    );
  });

  describe('on the embedded database', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'proc-data-'));

    it('seeds once, stops cleanly on SIGTERM and keeps its data across a restart and a kill -9', async () => {
      const port = await freePort();
      const env = { PORT: String(port), DATA_DIR: dataDir };

      const first = run(env);
      await waitHealthy(port, first);
      // The build's prepared empty cluster, not initdb (docs/decisions/memory.md).
      expect(first.output()).toMatch(/"from":"prepared cluster".*"msg":"empty database created"/);
      expect(first.output()).toContain('demo data seeded');
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain('"msg":"stopped"');

      const second = run(env);
      await waitHealthy(port, second);
      expect(second.output()).not.toContain('demo data seeded');
      expect(second.output()).not.toContain('empty database created');
      second.child.kill('SIGKILL');
      await second.exited;

      const third = run(env);
      await waitHealthy(port, third);
      expect(third.output()).not.toContain('demo data seeded');
      third.child.kill('SIGINT');
      expect(await third.exited).toBe(0);
      expect(await branchCountIn(dataDir)).toBe(3);
      // Three starts of the built server on one data folder, the first with migrations and the demo seed:
      // about 40 s on a quiet machine, more than the default 60 s while other suites share the two cores.
    }, 180_000);

    it('finishes a request in flight when SIGTERM arrives, then exits 0', async () => {
      const port = await freePort();
      const r = run({ PORT: String(port), DATA_DIR: dataDir });
      await waitHealthy(port, r);
      // A request whose body trickles in: it is in flight while the signal arrives.
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/health',
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.write('{"a":');
        setTimeout(() => {
          r.child.kill('SIGTERM');
          setTimeout(() => req.end('1}'), 700);
        }, 100);
      });
      const res = await answer;
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body).errors[0].message).toBe(
        'Leider wurde die angeforderte Seite nicht gefunden.',
      );
      expect(await r.exited).toBe(0);
      // After the shutdown nothing listens any more.
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    });

    if (process.platform !== 'linux') {
      console.log(
        'Übersprungen: der Test des Startwegs liest Umgebung und Argumente des Servers aus /proc (nur Linux).',
      );
    }
    (process.platform === 'linux' ? it : it.skip)(
      "npm start runs it with the Node flags and the allocator settings (the user's own win) and passes SIGTERM on",
      async () => {
        const port = await freePort();
        const r = run({ PORT: String(port), DATA_DIR: dataDir, MALLOC_ARENA_MAX: '4' }, serve);
        let environ: string[];
        let cmdline: string[];
        try {
          await waitHealthy(port, r);
          const pid = r.child.pid!;
          const [server] = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ');
          environ = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
          cmdline = readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0');
        } finally {
          // Also when a step above fails: the server must not outlive the test.
          r.child.kill('SIGTERM');
        }
        expect(await r.exited).toBe(0);
        expect(environ).toContain('MALLOC_MMAP_THRESHOLD_=131072');
        expect(environ).toContain('MALLOC_ARENA_MAX=4');
        expect(cmdline).toEqual(
          expect.arrayContaining(['--max-semi-space-size=8', '--heap-growing-percent=50', main]),
        );
        expect(r.output()).toContain('"msg":"stopped"');
      },
    );

    it('refuses a second process on the same DATA_DIR', async () => {
      const port = await freePort();
      const first = run({ PORT: String(port), DATA_DIR: dataDir });
      await waitHealthy(port, first);
      const second = run({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/DATA_DIR .* wird bereits vom Prozess \d+ verwendet/);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    });
  });

  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!serverUrl) {
    console.log(
      'Übersprungen: der Server-Test dieses Prozesses braucht DATABASE_URL; .ci/run führt ihn damit aus.',
    );
  }
  (serverUrl ? describe : describe.skip)('on the PostgreSQL server named by DATABASE_URL', () => {
    it('migrates, seeds and serves health from the server', async () => {
      const name = `proc_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const port = await freePort();
      const r = run({ PORT: String(port), DATABASE_URL: url.toString() });
      try {
        await waitHealthy(port, r);
        expect(r.output()).toContain('demo data seeded');
        const db = new pg.Client({ connectionString: url.toString() });
        await db.connect();
        const rows = await db.query('SELECT count(*)::int AS n FROM branch');
        await db.end();
        expect(rows.rows[0].n).toBe(3);
      } finally {
        r.child.kill('SIGTERM');
        await r.exited;
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    });
  });
});

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/env/config.js';
import { SystemClock } from '../src/core/clock.js';
import { createLogger } from '../src/core/logger.js';
import { openDatabase, type DatabaseTarget } from '../src/database/data-source.js';
import { ENTITIES } from '../src/schema/entities.js';
import { sessionCookieOf } from './support/auth.js';
import { testServerUrl } from './support/test-app.js';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cliPath = path.join(backendDir, 'dist/cli.js');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

describe('operator CLI (dist/cli.js as a process)', () => {
  let env: Record<string, string>;
  let target: DatabaseTarget;
  let cleanup: () => Promise<void>;

  const cli = (...args: string[]): Promise<CliResult> =>
    new Promise((resolve) => {
      execFile(
        process.execPath,
        [cliPath, ...args],
        { env, cwd: backendDir, timeout: 60_000 },
        (error, stdout, stderr) => {
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
        },
      );
    });

  beforeAll(async () => {
    if (!existsSync(cliPath))
      throw new Error('dist/cli.js fehlt: zuerst `npx tsc -p tsconfig.build.json` ausführen.');
    const base: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'silent',
      BCRYPT_COST: '4',
      SEED_DEMO: 'false',
    };
    const serverUrl = testServerUrl();
    if (serverUrl) {
      // A fresh database of its own on the server, like every other test file.
      const name = `test_cli_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      env = { ...base, DATABASE_URL: url.toString() };
      target = { kind: 'server', url: url.toString() };
      cleanup = async () => {
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await dropper.end();
      };
    } else {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ordering-cli-'));
      env = { ...base, DATA_DIR: dataDir };
      target = { kind: 'embedded', dataDir };
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await cleanup();
  });

  it('migrates, seeds an empty database once, manages users, and what it writes works over HTTP', async () => {
    const migrated = await cli('migrate');
    expect(migrated).toMatchObject({ code: 0, stderr: '' });
    expect(migrated.stdout).toMatch(/Migration\(en\) ausgeführt: .*AuthSessionsThrottleLinks/);
    expect((await cli('migrate')).stdout.trim()).toBe('Die Datenbank ist auf dem neuesten Stand.');

    const seeded = await cli('seed');
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toContain('admin / Admin-Demo-2026 (ROLE_ADMIN)');
    expect(seeded.stdout).toContain('mitarbeiter / Mitarbeiter-Demo-2026 (ROLE_EMPLOYEE)');
    const again = await cli('seed');
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(
      'Die Datenbank enthält bereits Daten; Demodaten werden nur in eine leere Datenbank geschrieben.',
    );

    const created = await cli(
      'create-user',
      '--username',
      'chefin',
      '--password',
      'Chefin-Passwort-2026',
      '--role',
      'ROLE_MANAGER',
      '--email',
      'Chefin@Example.at',
      '--branch',
      'gasthaus-linde-wien',
      '--branch',
      'estrich-graz',
    );
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(created.stdout.trim()).toBe('Benutzer „chefin“ angelegt (ROLE_MANAGER).');

    const generated = await cli('create-user', '--username', 'aushilfe', '--role', 'ROLE_EMPLOYEE');
    expect(generated.code).toBe(0);
    const generatedPassword = /Passwort: (\S+)/.exec(generated.stdout)?.[1];
    expect(generatedPassword).toMatch(/^[A-Za-z2-9]{16}$/);

    const reset = await cli('reset-password', '--username', 'CHEFIN');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('Das Passwort von „chefin“ wurde neu gesetzt');
    const newPassword = /Passwort: (\S+)/.exec(reset.stdout)?.[1];
    expect(newPassword).toBeDefined();

    const issued = await cli('issue-token', '--username', 'chefin');
    expect(issued.code).toBe(0);
    const token = issued.stdout.trim().split('\n').pop()!;
    expect(token).toMatch(/^bpt_[0-9a-z]+\.[A-Za-z0-9_-]{40,}$/);

    // The server on the same database: the users sign in, the token works.
    const db = await openDatabase(target, ENTITIES);
    const config = loadConfig({ ...env, SEED_DEMO: 'false' });
    const app = await createApp({
      config,
      clock: new SystemClock(),
      logger: createLogger('silent'),
      dataSource: db.dataSource,
    });
    try {
      await app.listen(0, '127.0.0.1');
      const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
      const login = async (username: string, password: string) => {
        const res = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password }),
        });
        return { status: res.status, body: (await res.json()) as any, headers: res.headers };
      };
      expect((await login('chefin', 'Chefin-Passwort-2026')).status).toBe(401); // replaced by the reset
      const chefin = await login('chefin@example.at', newPassword!);
      expect(chefin.status).toBe(200);
      expect(chefin.body.data.user).toMatchObject({ roles: ['ROLE_MANAGER'], email: 'chefin@example.at' });
      expect(chefin.body.data.user.branches).toHaveLength(2);
      expect(sessionCookieOf({ status: 200, body: null, headers: chefin.headers })).toBeDefined();
      expect((await login('aushilfe', generatedPassword!)).status).toBe(200);
      const admin = await login('admin', 'Admin-Demo-2026');
      expect(admin.status).toBe(200);
      const me = await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await me.json()) as any).data.user.username).toBe('chefin');
      // The administrator reads the CLI's audit entries about users; the manager may not read users, so
      // neither their entries (issue 15).
      const adminSid = sessionCookieOf({ status: 200, body: null, headers: admin.headers })!.value;
      const logs = await fetch(`${base}/api/logs?entityType=users`, {
        headers: { cookie: `sid=${encodeURIComponent(adminSid)}` },
      });
      expect(((await logs.json()) as any).data.map((l: { action: string }) => l.action)).toEqual(
        expect.arrayContaining(['create', 'password-reset', 'api-token-issued']),
      );
      const managerLogs = await fetch(`${base}/api/logs?entityType=users`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await managerLogs.json()) as any).data).toEqual([]);
    } finally {
      await app.close();
      await db.close();
    }
  }, 180_000); // each run is a fresh process opening the database: slow on a busy 2-core machine

  it('stops with exit code 1 and one German sentence on wrong input', async () => {
    const cases: Array<[string[], string]> = [
      [
        ['create-user', '--username', 'chefin', '--role', 'ROLE_ADMIN', '--password', 'Langes-Passwort-1'],
        'Der Benutzername „chefin“ ist bereits vergeben.',
      ],
      [
        ['create-user', '--username', 'neu', '--role', 'ROLE_ADMIN', '--password', 'kurz'],
        'Ungültige Angabe für --password: Diese Zeichenkette ist zu kurz. Sie sollte mindestens 10 Zeichen haben.',
      ],
      [
        ['create-user', '--username', 'neu', '--role', 'ROLE_KAISER', '--password', 'Langes-Passwort-1'],
        'Ungültige Angabe für --role: Sie haben einen ungültigen Wert ausgewählt.',
      ],
      [
        [
          'create-user',
          '--username',
          'neu',
          '--role',
          'ROLE_EMPLOYEE',
          '--password',
          'Langes-Passwort-1',
          '--branch',
          'gibts-nicht',
        ],
        'Es gibt keine Filiale mit der Kennung „gibts-nicht“.',
      ],
      [['reset-password', '--username', 'niemand'], 'Es gibt keinen Benutzer „niemand“.'],
    ];
    for (const [args, message] of cases) {
      const res = await cli(...args);
      expect({ args, code: res.code, stderr: res.stderr.trim() }).toEqual({ args, code: 1, stderr: message });
    }
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unbekannter Befehl „frobnicate“.');
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('create-user');
  }, 180_000); // each run is a fresh process opening the database: slow on a busy 2-core machine
});

import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('foundation over HTTP', () => {
  let t: TestApp;
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'webdist-'));

  beforeAll(async () => {
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="de"><body>Shell</body></html>',
    );
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await startTestApp({ seed: true, env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/health', () => {
    it('answers ok for server and database', async () => {
      const res = await t.request('GET', '/api/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { status: 'ok', database: 'ok' } });
    });

    it('answers 503 with a German error when the database is gone', async () => {
      const original = t.dataSource.query.bind(t.dataSource);
      t.dataSource.query = (() => Promise.reject(new Error('connection lost'))) as typeof t.dataSource.query;
      try {
        const res = await t.request('GET', '/api/health');
        expect(res.status).toBe(503);
        expect(res.body).toEqual({
          errors: [{ message: 'Die Datenbank ist nicht erreichbar.', field: 'database' }],
        });
      } finally {
        t.dataSource.query = original;
      }
    });
  });

  describe('liveness and readiness', () => {
    it('GET /api/health/live answers at once while the database hangs; /ready and /api/health say 503', async () => {
      // Every query waits until the end of the test (then runs): a database that does not answer.
      const original = t.dataSource.query.bind(t.dataSource);
      const held: Array<() => void> = [];
      t.dataSource.query = ((...args: Parameters<typeof original>) =>
        new Promise((resolve, reject) => {
          held.push(() => original(...args).then(resolve, reject));
        })) as typeof t.dataSource.query;
      try {
        const started = performance.now();
        const live = await t.request('GET', '/api/health/live');
        const liveMs = performance.now() - started;
        expect(live.status).toBe(200);
        expect(live.body).toEqual({ data: { status: 'ok' } });
        expect(liveMs).toBeLessThan(500);
        const [ready, old] = await Promise.all([
          t.request('GET', '/api/health/ready'),
          t.request('GET', '/api/health'),
        ]);
        for (const res of [ready, old]) {
          expect(res.status).toBe(503);
          expect(res.body).toEqual({
            errors: [{ message: 'Die Datenbank ist nicht erreichbar.', field: 'database' }],
          });
        }
      } finally {
        t.dataSource.query = original;
        for (const run of held) run();
      }
    });

    it('GET /api/health/ready answers ok when the database answers', async () => {
      const res = await t.request('GET', '/api/health/ready');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { status: 'ok', database: 'ok' } });
    });
  });

  describe('errors', () => {
    it('answers an unknown /api route with a German 404 in the error envelope', async () => {
      const res = await t.request('GET', '/api/gibt-es-nicht');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        errors: [{ message: 'Leider wurde die angeforderte Seite nicht gefunden.' }],
      });
    });

    it('answers malformed JSON with 400 and no parser details', async () => {
      const res = await t.request('POST', '/api/health', '{"kaputt":');
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe('Die Anfrage enthält kein gültiges JSON.');
      expect(JSON.stringify(res.body)).not.toMatch(/Unexpected|SyntaxError|at /);
    });

    it('gives every response a request id, and keeps a sane one the caller sent', async () => {
      const own = await t.request('GET', '/api/health', undefined, { 'x-request-id': 'abc-123' });
      expect(own.headers.get('x-request-id')).toBe('abc-123');
      const fresh = await t.request('GET', '/api/health', undefined, {
        'x-request-id': 'bad id with spaces',
      });
      expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('the web app', () => {
    it('serves index.html without caching for client-side routes', async () => {
      for (const p of ['/', '/store/gasthaus-linde-wien', '/status/u/h', '/irgendwas/ganz/anderes']) {
        const res = await t.request('GET', p);
        expect(res.status).toBe(200);
        expect(res.body).toContain('<html lang="de">');
        expect(res.headers.get('cache-control')).toContain('no-cache');
      }
    });

    it('serves hashed assets with a long immutable cache', async () => {
      const res = await t.request('GET', '/assets/index-abc123.js');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    });

    it('answers a missing asset and unknown media paths with 404, not the app', async () => {
      expect((await t.request('GET', '/assets/nope-000.js')).status).toBe(404);
      const media = await t.request('GET', '/image/999-1.jpg');
      expect(media.status).toBe(404);
      expect(media.body.errors[0].message).toBe('Leider wurde die angeforderte Seite nicht gefunden.');
    });
  });

  describe('OpenAPI', () => {
    it('publishes an OpenAPI 3 document with the health route', async () => {
      const res = await t.request('GET', '/api/openapi.json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toMatch(/^3\./);
      expect(res.body.paths['/api/health']).toBeDefined();
      expect(res.body.paths['/api/health/live']).toBeDefined();
      expect(res.body.paths['/api/health/ready']).toBeDefined();
    });
  });

  describe('demo data', () => {
    it('seeds one division and three branches, one of them not public', async () => {
      const divisions = await t.dataSource.query('SELECT count(*)::int AS n FROM division');
      const branches = await t.dataSource.query(
        'SELECT identifier, is_public FROM branch ORDER BY identifier',
      );
      expect(divisions[0].n).toBe(1);
      expect(branches).toHaveLength(3);
      expect(branches.filter((b: { is_public: boolean }) => !b.is_public)).toHaveLength(1);
    });
  });
});

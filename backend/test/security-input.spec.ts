import { t as text } from '@ordering/common';
import { bearerFor, FAST_BCRYPT, insertUser } from './support/auth.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 15, class 1: "No input gives a 500." The examples of the issue over HTTP: each is a German 400
 * naming the field (or, for an id in the path that cannot name a row, the same 404 as an unknown id).
 */
describe('input that must never give a 500', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: FAST_BCRYPT });
    const user = await insertUser(t, { username: 'eingabe-admin', roles: ['ROLE_ADMIN'] });
    admin = await bearerFor(t, user.id);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('a NUL byte', () => {
    it('in a text field of a body is a 400 naming the field', async () => {
      const res = await t.request('POST', '/api/tags', { name: 'Sch\u0000nitzel' }, admin);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ message: text('validation.invalid'), field: 'name' });
    });

    it('deep inside a body names the path', async () => {
      const res = await t.request(
        'POST',
        '/api/blocks',
        { identifier: 'nul', type: 'hero', content: { buttons: [{ label: 'a\u0000', url: '/' }] } },
        admin,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ field: 'content.buttons.0.label' });
    });

    it.each(['/api/products?q=%00', '/api/products?q=Schnit%00zel', '/api/branches?q=%00&page=1'])(
      'in ?q= (%s) is a 400 naming q, for anybody',
      async (url) => {
        for (const headers of [undefined, admin]) {
          const res = await t.request('GET', url, undefined, headers);
          expect({ url, status: res.status }).toEqual({ url, status: 400 });
          expect(res.body.errors[0]).toMatchObject({ message: text('validation.invalid'), field: 'q' });
        }
      },
    );

    it('in a path segment is a 400', async () => {
      const res = await t.request('GET', '/api/sites/impr%00essum', undefined, admin);
      expect(res.status).toBe(400);
    });
  });

  describe('an id or a ref of 2147483648 or 1.5', () => {
    it.each(['2147483648', '1.5', '-1', '0', '99999999999999999999'])(
      'in the path (/api/products/%s) is the 404 of an unknown id',
      async (id) => {
        const res = await t.request('GET', `/api/products/${id}`, undefined, admin);
        expect(res.status).toBe(404);
        expect(res.body.errors[0].message).toEqual(expect.any(String));
      },
    );

    it.each([2147483648, 1.5, -1])(
      'as a ref in a body ({ branch: { id: %s } }) is a 400 naming the ref',
      async (id) => {
        const res = await t.request('POST', '/api/tables', { identifier: 'fuzz-1', branch: { id } }, admin);
        expect(res.status).toBe(400);
        expect(res.body.errors.map((e: { field?: string }) => e.field)).toContain('branch.id');
      },
    );

    // Needs parseIntFilter (src/security/input.ts) wired into crud's parseFilterValue for 'number' filters.
    it.each(['2147483648', '1.5', '1e3'])(
      'as a ref in the query (?branch=%s) is a 400 naming branch',
      async (value) => {
        const res = await t.request('GET', `/api/tables?branch=${value}`, undefined, admin);
        expect({ value, status: res.status }).toEqual({ value, status: 400 });
        expect(res.body.errors[0].field).toBe('branch');
      },
    );
  });

  describe('an impossible date in a filter', () => {
    // Needs parseFilterDate (src/security/input.ts) wired into crud's parseFilterValue for 'date' filters.
    it.each(['2026-02-30', '2026-13-01', '-271821-04-20', '1'])(
      '(?from=%s) is a 400 with the German date text naming the filter',
      async (value) => {
        const res = await t.request('GET', `/api/working-activities?from=${value}`, undefined, admin);
        expect({ value, status: res.status }).toEqual({ value, status: 400 });
        expect(res.body.errors[0]).toMatchObject({ message: text('validation.date'), field: 'from' });
      },
    );
  });
});

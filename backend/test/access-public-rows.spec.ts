import { signIn } from './support/auth.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * One access rule per row (issue 15, item 4): what a visitor may read of a public collection, a
 * branch-scoped employee of another branch may read as well; writes stay within the employee's branches.
 */
describe('public rows of other branches for branch-scoped staff', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let employee: Awaited<ReturnType<typeof signIn>>;
  let grazTable: { id: number };
  let linzTable: { id: number };
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { BCRYPT_COST: '4' } });
    admin = await signIn(t, 'admin', 'Admin-Demo-2026');
    employee = await signIn(t, 'mitarbeiter', 'Mitarbeiter-Demo-2026');
    const branches = (await t.request('GET', '/api/branches', undefined, admin.cookie)).body.data;
    const graz = branches.find((b: { identifier: string }) => b.identifier === 'estrich-graz');
    const linz = branches.find((b: { identifier: string }) => b.identifier === 'gasthaus-linde-linz');
    expect([graz.isPublic, linz.isPublic]).toEqual([true, false]);
    const make = async (branch: { id: number }, identifier: string) =>
      (await t.request('POST', '/api/tables', { identifier, branch: { id: branch.id } }, admin.write)).body
        .data;
    grazTable = await make(graz, 'G1');
    linzTable = await make(linz, 'L1');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets an employee read what a visitor reads of another branch, and no more', async () => {
    const visitor = (await t.request('GET', '/api/tables?limit=1000')).body.data.map(
      (x: { id: number }) => x.id,
    );
    const staff = (
      await t.request('GET', '/api/tables?limit=1000', undefined, employee.cookie)
    ).body.data.map((x: { id: number }) => x.id);
    expect(visitor).toContain(grazTable.id);
    expect(visitor).not.toContain(linzTable.id);
    // Everything the visitor sees, the employee sees too (plus the own branch's rows, public or not).
    expect(visitor.filter((id: number) => !staff.includes(id))).toEqual([]);
    expect(staff).not.toContain(linzTable.id);

    expect((await t.request('GET', `/api/tables/${grazTable.id}`, undefined, employee.cookie)).status).toBe(
      200,
    );
    expect((await t.request('GET', `/api/tables/${linzTable.id}`, undefined, employee.cookie)).status).toBe(
      403,
    );
  });

  it('keeps writes to the employee’s own branches', async () => {
    const res = await t.request(
      'PUT',
      `/api/tables/${grazTable.id}`,
      { identifier: 'G1-neu', branch: (grazTable as unknown as { branch: { id: number } }).branch },
      employee.write,
    );
    expect(res.status).toBe(403);
  });
});

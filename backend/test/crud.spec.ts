import type { Logger } from 'typeorm';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);

describe('CRUD resources (divisions, branches, tables)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
  });
  afterAll(async () => {
    await t.close();
  });

  const branchBody = (identifier: string, extra: Record<string, unknown> = {}) => ({
    identifier,
    name: `Filiale ${identifier}`,
    street: 'Hauptstraße 1',
    zipCode: '1010',
    city: 'Wien',
    openingHours: [{ type: 'daily', from: '10:00', to: '22:00', isClosed: false }],
    deliveryAreas: [
      {
        area: 'Innere Stadt',
        price: 2.9,
        tax: 10,
        free: false,
        freeFromOrderValue: 30,
        minimumOrderValue: 15,
      },
    ],
    ...extra,
  });

  it('creates, reads, lists, updates and deletes a branch, with audit entries', async () => {
    const created = await t.request('POST', '/api/branches', branchBody('wien-mitte'), admin);
    expect(created.status).toBe(201);
    const branch = created.body.data;
    // No time zone given in a German shop (the default market): Berlin.
    expect(branch).toMatchObject({ identifier: 'wien-mitte', isPublic: true, timeZone: 'Europe/Berlin' });
    expect(branch.deliveryAreas).toEqual([
      expect.objectContaining({
        area: 'Innere Stadt',
        price: 2.9,
        tax: 10,
        freeFromOrderValue: 30,
        minimumOrderValue: 15,
      }),
    ]);
    expect(branch.apiKey).toMatch(/^[0-9a-f]{48}$/);

    const read = await t.request('GET', `/api/branches/${branch.id}`, undefined, admin);
    expect(read.body.data.name).toBe('Filiale wien-mitte');

    // PUT takes the entity as GET returned it: id, timestamps and apiKey are ignored, not rejected.
    const updated = await t.request(
      'PUT',
      `/api/branches/${branch.id}`,
      { ...read.body.data, name: 'Wien Mitte', deliveryAreas: [] },
      admin,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: branch.id,
      name: 'Wien Mitte',
      deliveryAreas: [],
      apiKey: branch.apiKey,
    });

    const list = await t.request('GET', '/api/branches?q=mitte&sort=-name', undefined, admin);
    expect(list.status).toBe(200);
    expect(list.body.data.map((b: { identifier: string }) => b.identifier)).toEqual(['wien-mitte']);
    expect(list.headers.get('x-total-count')).toBe('1');

    const logs = await t.request(
      'GET',
      `/api/logs?entityType=branches&entityId=${branch.id}`,
      undefined,
      admin,
    );
    expect(logs.body.data.map((l: { action: string }) => l.action)).toEqual(['update', 'create']);
    expect(logs.body.data[0].changes.name).toEqual({ from: 'Filiale wien-mitte', to: 'Wien Mitte' });

    expect((await t.request('DELETE', `/api/branches/${branch.id}`, undefined, admin)).status).toBe(200);
    expect((await t.request('GET', `/api/branches/${branch.id}`, undefined, admin)).status).toBe(404);
  });

  it("gives a new branch without a time zone its shop's market's zone; an existing one keeps its own", async () => {
    const setMarket = async (market: string) => {
      const config = (await t.request('GET', '/api/config', undefined, admin)).body.data;
      const saved = await t.request(
        'POST',
        '/api/config',
        { ...config, shopName: 'Testshop', businessName: 'Testshop GmbH', market },
        admin,
      );
      expect(saved.body.data.market).toBe(market);
    };
    await setMarket('DE');
    const berlin = (await t.request('POST', '/api/branches', branchBody('tz-de'), admin)).body.data;
    expect(berlin.timeZone).toBe('Europe/Berlin');
    const given = await t.request(
      'POST',
      '/api/branches',
      branchBody('tz-given', { timeZone: 'Europe/Zurich' }),
      admin,
    );
    expect(given.body.data.timeZone).toBe('Europe/Zurich');

    await setMarket('AT');
    const vienna = (await t.request('POST', '/api/branches', branchBody('tz-at'), admin)).body.data;
    expect(vienna.timeZone).toBe('Europe/Vienna');
    // Saved again without the field (the market is Austrian now): the German branch keeps Berlin.
    const { timeZone: _left, ...withoutZone } = berlin;
    const resaved = await t.request(
      'PUT',
      `/api/branches/${berlin.id}`,
      { ...withoutZone, name: 'Berlin' },
      admin,
    );
    expect(resaved.body.data).toMatchObject({ name: 'Berlin', timeZone: 'Europe/Berlin' });
    await setMarket('DE');
  });

  it('names the field in German when a required field is missing or has the wrong type', async () => {
    const missing = await t.request('POST', '/api/branches', { identifier: 'ohne-name' }, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toEqual({ message: 'Dieser Wert sollte nicht leer sein.', field: 'name' });
    const wrongType = await t.request('POST', '/api/branches', branchBody('typ', { isPublic: 'ja' }), admin);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte vom Typ bool sein.',
      field: 'isPublic',
    });
    const nested = await t.request(
      'POST',
      '/api/branches',
      branchBody('nested', { deliveryAreas: [{ area: 'X', price: -1 }] }),
      admin,
    );
    expect(nested.body.errors[0].field).toBe('deliveryAreas.0.price');
    const notObject = await t.request('POST', '/api/branches', '[1,2]', admin);
    expect(notObject.status).toBe(400);
  });

  it('answers a duplicate identifier with 409 naming the field', async () => {
    expect((await t.request('POST', '/api/divisions', { identifier: 'dup', name: 'A' }, admin)).status).toBe(
      201,
    );
    const dup = await t.request('POST', '/api/divisions', { identifier: 'dup', name: 'B' }, admin);
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toEqual({
      message: 'Dieser Wert wird bereits verwendet.',
      field: 'identifier',
    });
  });

  it('answers 404 for a missing or malformed id', async () => {
    expect((await t.request('GET', '/api/divisions/999999', undefined, admin)).status).toBe(404);
    expect((await t.request('GET', '/api/divisions/abc', undefined, admin)).status).toBe(404);
    expect(
      (await t.request('PUT', '/api/divisions/999999', { identifier: 'x', name: 'x' }, admin)).status,
    ).toBe(404);
  });

  it('lists tables in natural order (1, 2, 10, 11, A1, A2, A10) for staff and employees, paged and reversed', async () => {
    const branch = (await t.request('POST', '/api/branches', branchBody('natural'), admin)).body.data;
    for (const identifier of ['A10', '10', 'A2', '1', '11', 'A1', '2'])
      expect(
        (await t.request('POST', '/api/tables', { identifier, branch: { id: branch.id } }, admin)).status,
      ).toBe(201);
    const identifiers = async (query: string, user = admin) => {
      const res = await t.request('GET', `/api/tables?branch=${branch.id}${query}`, undefined, user);
      expect(res.status).toBe(200);
      return res.body.data.map((x: { identifier: string }) => x.identifier);
    };
    const natural = ['1', '2', '10', '11', 'A1', 'A2', 'A10'];
    expect(await identifiers('')).toEqual(natural);
    expect(await identifiers('', asUser(['ROLE_EMPLOYEE'], [branch.id], 8))).toEqual(natural);
    expect(await identifiers('&sort=-identifier')).toEqual([...natural].reverse());
    expect(await identifiers('&sort=identifier&limit=3&page=2')).toEqual(['11', 'A1', 'A2']);
    const paged = await t.request('GET', `/api/tables?branch=${branch.id}&limit=3&page=3`, undefined, admin);
    expect(paged.body.data.map((x: { identifier: string }) => x.identifier)).toEqual(['A10']);
    expect(paged.headers.get('x-total-count')).toBe('7');
    expect(await identifiers('&q=a1')).toEqual(['A1', 'A10']);
  });

  it('filters, pages and sorts tables; employees change only their own branches and read what visitors read', async () => {
    const a = (await t.request('POST', '/api/branches', branchBody('scope-a'), admin)).body.data;
    const b = (await t.request('POST', '/api/branches', branchBody('scope-b'), admin)).body.data;
    for (const id of ['3', '1', '2']) {
      expect(
        (await t.request('POST', '/api/tables', { identifier: id, branch: { id: a.id } }, admin)).status,
      ).toBe(201);
    }
    const tb = (await t.request('POST', '/api/tables', { identifier: '9', branch: { id: b.id } }, admin)).body
      .data;

    const page = await t.request(
      'GET',
      `/api/tables?branch=${a.id}&sort=identifier&limit=2&page=2`,
      undefined,
      admin,
    );
    expect(page.body.data.map((x: { identifier: string }) => x.identifier)).toEqual(['3']);
    expect(page.headers.get('x-total-count')).toBe('3');

    const employee = asUser(['ROLE_EMPLOYEE'], [a.id], 7);
    const own = await t.request('GET', `/api/tables?branch=${a.id}`, undefined, employee);
    expect(own.body.data.every((x: { branch: { id: number } }) => x.branch.id === a.id)).toBe(true);
    // Branch b is public: its tables are storefront data, readable by a visitor and so by this employee.
    expect((await t.request('GET', `/api/tables/${tb.id}`, undefined, employee)).status).toBe(200);
    expect(
      (await t.request('PUT', `/api/tables/${tb.id}`, { identifier: '9b', branch: { id: b.id } }, employee))
        .status,
    ).toBe(403);
    expect(
      (await t.request('POST', '/api/tables', { identifier: '10', branch: { id: b.id } }, employee)).status,
    ).toBe(403);
    expect(
      (await t.request('POST', '/api/tables', { identifier: '10', branch: { id: a.id } }, employee)).status,
    ).toBe(201);
    // Employees do not manage branches.
    expect((await t.request('POST', '/api/branches', branchBody('nope'), employee)).status).toBe(403);
    // Anonymous visitors may read public storefront data but not write.
    expect((await t.request('GET', '/api/tables')).status).toBe(200);
    expect((await t.request('POST', '/api/tables', { identifier: '11', branch: { id: a.id } })).status).toBe(
      401,
    );
  });

  it('pages a list by rows, each with its own to-many children, in statements that do not grow with the page', async () => {
    const tags: number[] = [];
    for (const name of ['Mittag', 'Abend', 'Terrasse'])
      tags.push((await t.request('POST', '/api/tags', { name }, admin)).body.data.id);
    const [area] = branchBody('area').deliveryAreas;
    for (let i = 1; i <= 5; i++) {
      const body = branchBody(`paged-${i}`, {
        // Kept in the order given (position), which is not the order of their names.
        deliveryAreas: ['z', 'a', 'm'].map((name) => ({ ...area, area: `${i}${name}` })),
        tags: tags.slice(0, i % 3).map((id) => ({ id })),
      });
      expect((await t.request('POST', '/api/branches', body, admin)).status).toBe(201);
    }
    // The statements of one request: the app's own polls (collection versions, jobs) run beside it.
    const statements = async (path: string) => {
      const seen: string[] = [];
      const dataSource = t.dataSource as unknown as { logger: Logger };
      const logger = dataSource.logger;
      dataSource.logger = Object.assign(Object.create(logger) as Logger, {
        logQuery: (query: string) => void seen.push(query),
      });
      try {
        const res = await t.request('GET', path, undefined, admin);
        expect(res.status).toBe(200);
        return { res, count: seen.filter((q) => !/collection_version|\bjob\b/.test(q)).length };
      } finally {
        dataSource.logger = logger;
      }
    };
    const { res, count } = await statements('/api/branches?q=paged-&sort=-identifier&limit=2&page=2');
    expect(res.headers.get('x-total-count')).toBe('5');
    expect(
      res.body.data.map((b: { identifier: string; deliveryAreas: { area: string }[]; tags: unknown[] }) => [
        b.identifier,
        b.deliveryAreas.map((d) => d.area),
        b.tags,
      ]),
    ).toEqual([
      ['paged-3', ['3z', '3a', '3m'], []],
      ['paged-2', ['2z', '2a', '2m'], tags.slice(0, 2).map((id) => ({ id }))],
    ]);
    // The page, the count, one statement per to-many relation (tags, images, delivery areas): never one per row.
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(5);
    expect((await statements('/api/branches?q=paged-&sort=-identifier&limit=4')).count).toBe(count);
  });

  it('reads one row with each to-many relation by a statement of its own, not one join multiplying them', async () => {
    const tags: number[] = [];
    for (const name of ['Einzeln-1', 'Einzeln-2'])
      tags.push((await t.request('POST', '/api/tags', { name }, admin)).body.data.id);
    const [area] = branchBody('area').deliveryAreas;
    const created = await t.request(
      'POST',
      '/api/branches',
      branchBody('einzeln', {
        deliveryAreas: ['z', 'a', 'm'].map((name) => ({ ...area, area: name })),
        tags: tags.map((id) => ({ id })),
      }),
      admin,
    );
    expect(created.status).toBe(201);
    const seen: string[] = [];
    const dataSource = t.dataSource as unknown as { logger: Logger };
    const logger = dataSource.logger;
    dataSource.logger = Object.assign(Object.create(logger) as Logger, {
      logQuery: (query: string) => void seen.push(query),
    });
    let res;
    try {
      res = await t.request('GET', `/api/branches/${created.body.data.id}`, undefined, admin);
    } finally {
      dataSource.logger = logger;
    }
    expect(res.status).toBe(200);
    expect(res.body.data.deliveryAreas.map((d: { area: string }) => d.area)).toEqual(['z', 'a', 'm']);
    expect(res.body.data.tags).toEqual(tags.map((id) => ({ id })));
    const reads = seen.filter(
      (q) => /^SELECT/.test(q) && /"branch_tag"|"delivery_area"|"branch_image"/.test(q),
    );
    expect(reads.length).toBeGreaterThanOrEqual(3);
    // No statement reads two to-many relations (their rows would multiply: 3 areas x 2 tags x images).
    const joined = reads.filter(
      (q) =>
        ['"branch_tag"', '"delivery_area"', '"branch_image"'].filter((table) => q.includes(table)).length > 1,
    );
    expect(joined).toEqual([]);
  });

  it('rejects an unknown sort field and a bad page number in German', async () => {
    const sort = await t.request('GET', '/api/branches?sort=passwort', undefined, admin);
    expect(sort.status).toBe(400);
    expect(sort.body.errors[0].field).toBe('sort');
    expect((await t.request('GET', '/api/branches?page=0', undefined, admin)).status).toBe(400);
  });

  it('hides the branch secret from visitors', async () => {
    await t.request('POST', '/api/branches', branchBody('geheim'), admin);
    const pub = await t.request('GET', '/api/branches');
    expect(pub.body.data.length).toBeGreaterThan(0);
    expect(JSON.stringify(pub.body)).not.toContain('apiKey');
  });
});

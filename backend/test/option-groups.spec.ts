import type { Menu } from '@ordering/common';
import { AuditLog } from '../src/logs/audit-log.entity.js';
import { item, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);
const manager = asUser(['ROLE_MANAGER'], [], 2);

interface Part {
  id?: number;
  name: string;
  type: string;
  optional?: boolean;
  options: Array<{ id?: number; name: string; modifier?: string; value: number }>;
  maxChoices?: number | null;
  templateId?: string | null;
}
interface Group {
  id: number;
  uid: string;
  name: string;
  part: Part;
  productCount: number;
}

const extras = (salami = 1.5): Part => ({
  name: 'Extras',
  type: 'multiselect',
  optional: true,
  maxChoices: 2,
  options: [
    { name: 'Salami', value: salami },
    { name: 'Oliven', value: 1 },
  ],
});

/**
 * Shared option groups ("Optionsvorlagen", issue 25 item 4): a group defined once, linked by products as a
 * full copy; a change of the group reaches the storefront's catalogue and the server's order pricing.
 */
describe('shared option groups', () => {
  let t: TestApp;
  let demo: Demo;
  let bowlId: number;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV, authenticator: new HeaderAuthenticator() });
    demo = await loadDemo(t);
    bowlId = demo.products.get('Bowl zusammenstellen')!.id;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.clock.set(NOON));

  const createGroup = async (name: string, part: Part = extras()) => {
    const res = await t.request('POST', '/api/option-groups', { name, part }, admin);
    expect(res.status).toBe(201);
    return res.body.data as Group;
  };
  const putGroup = (group: Group, part: Part, as = admin) =>
    t.request('PUT', `/api/option-groups/${group.id}`, { name: group.name, part }, as);
  const getProduct = async (id: number) => {
    const res = await t.request('GET', `/api/products/${id}`, undefined, admin);
    expect(res.status).toBe(200);
    return res.body.data as Record<string, unknown> & { config: { parts: Part[] } };
  };
  const putParts = async (id: number, change: (parts: Part[]) => Part[]) => {
    const product = await getProduct(id);
    return t.request(
      'PUT',
      `/api/products/${id}`,
      { ...product, config: { parts: change(product.config.parts) } },
      admin,
    );
  };
  /** The bowl as the storefront reads it from its menu's catalogue (anonymous, through the public cache). */
  const bowlInInit = async () => {
    const menus = (await t.request('GET', `/api/branches/${demo.vienna.id}/menus`)).body.data as Menu[];
    const menu = menus.find((m) => m.catalog.some((c) => c.products.some((p) => p.id === bowlId)))!;
    const res = await t.request('GET', `/api/menus/${menu.id}/catalog`);
    expect(res.status).toBe(200);
    return (res.body.data.products as Array<{ id: number; config: { parts: Part[] } }>).find(
      (p) => p.id === bowlId,
    )!;
  };
  // Basis, Protein, Toppings (none), Dressing, then the linked extras with the given choice.
  const bowlWith = (extrasChoice: number[]) =>
    takeaway(demo, { items: [item(demo, 'Bowl zusammenstellen', 1, 'piece', [0, 0, [], 0, extrasChoice])] });

  it('is back-office data: anonymous callers sign in, employees without the catalogue are refused', async () => {
    expect((await t.request('GET', '/api/option-groups')).status).toBe(401);
    const employee = asUser(['ROLE_EMPLOYEE'], [demo.vienna.id], 3);
    expect((await t.request('GET', '/api/option-groups', undefined, employee)).status).toBe(403);
    expect(
      (await t.request('POST', '/api/option-groups', { name: 'X', part: extras() }, employee)).status,
    ).toBe(403);
    const created = await t.request(
      'POST',
      '/api/option-groups',
      { name: 'Von der Leitung', part: extras() },
      manager,
    );
    expect(created.status).toBe(201);
    const listed = await t.request('GET', '/api/option-groups?q=Leitung', undefined, manager);
    expect(listed.body.data.map((g: Group) => g.name)).toEqual(['Von der Leitung']);
    expect(
      (await t.request('DELETE', `/api/option-groups/${created.body.data.id}`, undefined, manager)).status,
    ).toBe(200);
    expect(
      (await t.request('GET', `/api/option-groups/${created.body.data.id}`, undefined, admin)).status,
    ).toBe(404);
  });

  it('checks the group part as a product part, in German at the nested field', async () => {
    const res = await t.request(
      'POST',
      '/api/option-groups',
      { name: 'Leer', part: { ...extras(), options: [] } },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'part.options' }));
    expect(res.body.errors[0].message).toMatch(/mindestens/i);
  });

  it('reaches a linked product in /api/init and in the total of a new order, keeping option ids', async () => {
    const group = await createGroup('Pizza-Extras');
    expect(group).toMatchObject({ name: 'Pizza-Extras', productCount: 0 });
    expect(group.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(group.part.options.map((o) => o.id)).toEqual([1, 2]);

    // Linking takes the group's content, whatever the client sent for the part.
    const linked = await putParts(bowlId, (parts) => [
      ...parts,
      { name: 'Veraltet', type: 'select', options: [{ name: 'Falsch', value: 99 }], templateId: group.uid },
    ]);
    expect(linked.status).toBe(200);
    const copy = (await getProduct(bowlId)).config.parts[4]!;
    expect(copy).toMatchObject({
      name: 'Extras',
      type: 'multiselect',
      optional: true,
      maxChoices: 2,
      templateId: group.uid,
      options: [
        { name: 'Salami', modifier: 'add', value: 1.5 },
        { name: 'Oliven', modifier: 'add', value: 1 },
      ],
    });
    const optionIds = copy.options.map((o) => o.id);
    // Unique within the product (the bowl's own options hold the lower numbers).
    const allIds = (await getProduct(bowlId)).config.parts.flatMap((p) => p.options.map((o) => o.id));
    expect(new Set(allIds).size).toBe(allIds.length);
    expect(
      (await t.request('GET', `/api/option-groups/${group.id}`, undefined, admin)).body.data.productCount,
    ).toBe(1);

    expect((await bowlInInit()).config.parts[4]!.options[0]!.value).toBe(1.5);
    const before = await postOrder(t, bowlWith([0]));
    expect(before.status).toBe(201);
    expect(before.body.data.order.pricing.gross).toBe(13.4); // 11,90 + 1,50

    // The group's price changes: the copy follows, in the storefront's catalogue and the server's pricing.
    const saved = await putGroup(group, extras(2.2));
    expect(saved.status).toBe(200);
    const after = (await getProduct(bowlId)).config.parts[4]!;
    expect(after.options.map((o) => [o.id, o.name, o.value])).toEqual([
      [optionIds[0], 'Salami', 2.2],
      [optionIds[1], 'Oliven', 1],
    ]);
    expect(after.id).toBe(copy.id);
    expect((await bowlInInit()).config.parts[4]!.options[0]!.value).toBe(2.2);
    const later = await postOrder(t, bowlWith([0]));
    expect(later.status).toBe(201);
    expect(later.body.data.order.pricing.gross).toBe(14.1); // 11,90 + 2,20
    // The orders placed before keep what they were priced at.
    const first = await t.request(
      'GET',
      `/api/orders/public/${before.body.data.order.uid}/${before.body.data.order.hash}`,
    );
    expect(first.body.data.pricing.gross).toBe(13.4);

    // The product's change is recorded like a product save (its audit entry names the new copy).
    const audits = await t.dataSource
      .getRepository(AuditLog)
      .find({ where: { entityType: 'products', entityId: String(bowlId) }, order: { id: 'DESC' }, take: 1 });
    expect(JSON.stringify(audits[0]?.changes)).toContain('2.2');

    // Reordering, adding and renaming in the group keeps the ids of the options that stay.
    const reordered = await putGroup(group, {
      ...extras(2.2),
      options: [
        { id: 2, name: 'Oliven', value: 1 },
        { id: 1, name: 'Salami scharf', value: 2.2 },
        { name: 'Rucola', value: 0.5 },
      ],
    });
    expect(reordered.status).toBe(200);
    const third = (await getProduct(bowlId)).config.parts[4]!.options;
    expect(third.slice(0, 2).map((o) => [o.id, o.name])).toEqual([
      [optionIds[1], 'Oliven'],
      [optionIds[0], 'Salami scharf'],
    ]);
    expect(allIds).not.toContain(third[2]!.id);

    // A product save with the GET body keeps the ids of the copy, too.
    expect((await putParts(bowlId, (parts) => parts)).status).toBe(200);
    expect((await getProduct(bowlId)).config.parts[4]!.options.map((o) => o.id)).toEqual(
      third.map((o) => o.id),
    );
  });

  it('refuses an unknown group at the part template id, writing nothing', async () => {
    const before = await getProduct(bowlId);
    const res = await putParts(bowlId, (parts) => [
      ...parts,
      { ...extras(), templateId: '00000000-0000-4000-8000-000000000000' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        message: 'Diese Optionsvorlage gibt es nicht.',
        field: `config.parts.${before.config.parts.length}.templateId`,
        code: 'option_group_unknown',
      },
    ]);
    expect((await getProduct(bowlId)).config.parts).toEqual(before.config.parts);
  });

  it('refuses to delete a group that products link (409 naming how many), until it is unlinked', async () => {
    const group = await createGroup('Dips');
    const linked = await putParts(bowlId, (parts) => [...parts, { ...extras(), templateId: group.uid }]);
    expect(linked.status).toBe(200);
    const refused = await t.request('DELETE', `/api/option-groups/${group.id}`, undefined, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({
      message:
        'Diese Optionsvorlage wird noch von einem Produkt verwendet. Bitte lösen Sie dort zuerst die Verknüpfung.',
      code: 'option_group_in_use',
    });

    // "Verknüpfung lösen": the copy stays as the product's own part, the group may go.
    const unlinked = await putParts(bowlId, (parts) =>
      parts.map((part) => (part.templateId === group.uid ? { ...part, templateId: null } : part)),
    );
    expect(unlinked.status).toBe(200);
    const own = (await getProduct(bowlId)).config.parts.at(-1)!;
    expect(own.name).toBe('Extras');
    expect(own).not.toHaveProperty('templateId');
    expect((await t.request('DELETE', `/api/option-groups/${group.id}`, undefined, admin)).status).toBe(200);
    // A later change of another group no longer touches the unlinked copy.
    expect((await getProduct(bowlId)).config.parts.at(-1)).toEqual(own);
  });
});

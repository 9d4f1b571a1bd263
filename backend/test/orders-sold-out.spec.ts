import { AuditLog } from '../src/logs/audit-log.entity.js';
import { Order } from '../src/orders/order.entity.js';
import { item, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { openStream } from './support/sse.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Sold out ("ausverkauft", docs/decisions/kitchen.md): marks per branch, their end, and the refusals. */
describe('sold out', () => {
  let t: TestApp;
  let demo: Demo;
  const url = () => `/api/branches/${demo.vienna.id}/sold-out`;
  const mark = (body: unknown, who = demo.employee) => t.request('POST', url(), body, who);
  const list = (who?: Record<string, string>) => t.request('GET', url(), undefined, who);
  const schnitzel = () => demo.products.get('Schnitzel nach Wahl')!;
  const soup = () => demo.products.get('Wiener Schnitzel vom Kalb')!;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    t.clock.set(NOON); // Friday 20 November 2026, 12:00 in Vienna
    for (const entry of (await list(demo.admin)).body.data.entries)
      await t.request('DELETE', `${url()}/${entry.id}`, undefined, demo.admin);
  });

  it('marks and unmarks a product, records who did it, and keeps staff names from the public', async () => {
    const marked = await mark({ product: { id: soup().id }, until: null });
    expect(marked.status).toBe(201);
    expect(marked.body.data).toMatchObject({
      product: { id: soup().id, name: 'Wiener Schnitzel vom Kalb' },
      part: null,
      option: null,
      until: null,
      markedAt: '2026-11-20T11:00:00.000Z',
      markedBy: { name: 'mitarbeiter' },
    });
    const publicList = await list();
    expect(publicList.status).toBe(200);
    expect(publicList.body.data.entries).toHaveLength(1);
    expect(publicList.body.data.entries[0].markedBy).toBeUndefined();
    expect((await list(demo.employee)).body.data.entries[0].markedBy.name).toBe('mitarbeiter');

    const refused = await postOrder(t, takeaway(demo));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        message:
          '"Wiener Schnitzel vom Kalb" ist leider ausverkauft. Bitte entfernen Sie es aus dem Warenkorb.',
        field: 'items[0]',
        code: 'sold_out',
      },
    ]);

    const removed = await t.request('DELETE', `${url()}/${marked.body.data.id}`, undefined, demo.employee);
    expect(removed.status).toBe(200);
    expect(removed.body.data.entries).toEqual([]);
    expect((await postOrder(t, takeaway(demo))).status).toBe(201);
    expect(
      (await t.request('DELETE', `${url()}/${marked.body.data.id}`, undefined, demo.employee)).status,
    ).toBe(404);

    const audit = await t.dataSource
      .getRepository(AuditLog)
      .find({ where: { entityType: 'branches', entityId: String(demo.vienna.id) } });
    const actions = audit.filter((a) => a.action?.startsWith('sold-out'));
    expect(actions.map((a) => [a.action, a.username])).toEqual(
      expect.arrayContaining([
        ['sold-out', 'mitarbeiter'],
        ['sold-out-end', 'mitarbeiter'],
      ]),
    );
  });

  it('"bis Geschäftsschluss" ends at the next opening by the clock', async () => {
    const marked = await mark({ product: { id: soup().id }, until: 'closing' });
    expect(marked.status).toBe(201);
    // Open daily 11:00–22:00 in Vienna: the next opening after Friday noon is Saturday 11:00 (10:00 UTC).
    expect(marked.body.data.until).toBe('2026-11-21T10:00:00.000Z');
    t.clock.set('2026-11-20T20:59:00Z');
    expect((await list()).body.data.entries).toHaveLength(1);
    // A pre-order for after the next opening is not refused by it; one for tonight is.
    const tonight = takeaway(demo, { appointmentDate: '2026-11-20T21:30:00+01:00' });
    expect((await postOrder(t, tonight)).body.errors?.[0]?.code).toBe('sold_out');
    t.clock.set('2026-11-21T10:00:00Z');
    expect((await list()).body.data.entries).toEqual([]);
    expect((await postOrder(t, takeaway(demo))).status).toBe(201);
  });

  it('a sold-out option makes only that option unorderable, in the checkout and in staff edits', async () => {
    const product = schnitzel();
    const parts = product.config!.parts;
    const sideIndex = parts.findIndex((p) => p.type === 'multiselect');
    const side = parts[sideIndex]!.options[0]!.name;
    const marked = await mark({ product: { id: product.id }, part: sideIndex, option: side, until: null });
    expect(marked.status).toBe(201);
    expect(marked.body.data).toMatchObject({
      part: sideIndex,
      partName: parts[sideIndex]!.name,
      option: side,
    });

    const values = (sides: number[]) => parts.map((_p, j) => (j === 0 ? 0 : j === sideIndex ? sides : ''));
    const withSide = item(demo, 'Schnitzel nach Wahl', 1, 'piece', values([0]));
    const before = await t.dataSource.getRepository(Order).count();
    const refused = await postOrder(t, takeaway(demo, { items: [withSide] }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        message: `"${side}" ist für "Schnitzel nach Wahl" leider ausverkauft. Bitte wählen Sie etwas anderes.`,
        field: `items[0].parts[${sideIndex}]`,
        code: 'sold_out',
      },
    ]);
    expect(await t.dataSource.getRepository(Order).count()).toBe(before);
    const other = item(demo, 'Schnitzel nach Wahl', 1, 'piece', values([1]));
    const placed = await postOrder(t, takeaway(demo, { items: [other] }));
    expect(placed.status).toBe(201);

    // Staff cannot add it to an order either; the field names the part as in their edit form.
    const placedId = (
      await t.dataSource.getRepository(Order).findOneByOrFail({ uid: placed.body.data.order.uid })
    ).id;
    const added = await t.request('POST', `/api/orders/${placedId}/items`, withSide, demo.employee);
    expect(added.status).toBe(400);
    expect(added.body.errors[0]).toMatchObject({ field: `parts[${sideIndex}]`, code: 'sold_out' });
  });

  it('refuses anonymous and unknown marks, and pushes each change live to storefronts', async () => {
    expect((await t.request('POST', url(), { product: { id: soup().id }, until: null })).status).toBe(401);
    const unknown = await mark({
      product: { id: schnitzel().id },
      part: 0,
      option: 'Gibt es nicht',
      until: null,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe('option');
    expect((await mark({ product: { id: soup().id }, until: 'morgen' })).status).toBe(400);

    const shop = await openStream(`${t.baseUrl}${url()}/events`);
    try {
      expect(shop.status).toBe(200);
      const marked = await mark({ product: { id: soup().id }, until: null });
      // The stream may first bring an earlier test's change (its event committed before this stream opened
      // but relayed after, in order): wait for the one this mark caused.
      const event = await shop.next(
        (e) =>
          e.event === 'availability.changed' &&
          (e.data as { entries: { id: string }[] }).entries.some((x) => x.id === marked.body.data.id),
        5000,
      );
      expect(event.data).toEqual({
        branchId: demo.vienna.id,
        entries: [expect.objectContaining({ id: marked.body.data.id, product: marked.body.data.product })],
      });
      expect(event.data.entries[0].markedBy).toBeUndefined();
      // A reconnect with Last-Event-ID gets what it missed.
      await t.request('DELETE', `${url()}/${marked.body.data.id}`, undefined, demo.employee);
      const resumed = await openStream(`${t.baseUrl}${url()}/events?lastEventId=${event.id}`);
      try {
        expect((await resumed.next((e) => e.event === 'availability.changed', 5000)).data.entries).toEqual(
          [],
        );
      } finally {
        resumed.close();
      }
    } finally {
      shop.close();
    }
  });
});

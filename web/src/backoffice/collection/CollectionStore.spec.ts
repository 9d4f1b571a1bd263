import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { ErrorStore } from '../ErrorStore';
import { CollectionStore } from './CollectionStore';

function setup(...replies: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(...replies);
  const errors = new ErrorStore();
  const store = new CollectionStore<{ id: number }>({
    api: new ApiClient({ fetch }),
    errors,
    path: '/api/orders',
    loadFailed: 'Bestellungen konnten nicht geladen werden.',
    limit: 2,
  });
  return { store, fetch, errors };
}

describe(CollectionStore.name, () => {
  it('sends the filters and the page, and knows a full page may have more', async () => {
    const { store, fetch } = setup(
      json(200, { data: [{ id: 1 }, { id: 2 }] }),
      json(200, { data: [{ id: 3 }] }),
    );
    store.setParam('q', ' Huber ');
    store.setParam('status', '');
    await store.load();
    expect(fetch.calls[0]!.url).toBe('/api/orders?q=Huber&page=1&limit=2');
    expect(store.hasMore).toBe(true);
    await store.goTo(2);
    expect(fetch.calls[1]!.url).toBe('/api/orders?q=Huber&page=2&limit=2');
    expect(store.items).toEqual([{ id: 3 }]);
    expect(store.hasMore).toBe(false);
  });

  it('reads the total of all pages from X-Total-Count', async () => {
    const page = (rows: unknown[], total: string) =>
      new Response(JSON.stringify({ data: rows }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': total },
      });
    const { store } = setup(page([{ id: 1 }, { id: 2 }], '4'), page([{ id: 3 }, { id: 4 }], '4'));
    await store.load();
    expect(store.total).toBe(4);
    expect(store.pageCount).toBe(2);
    expect(store.hasMore).toBe(true);
    await store.goTo(2);
    // A full last page: the total says there is no more.
    expect(store.hasMore).toBe(false);
  });

  it('keeps the rows and lists the failure with the fallback', async () => {
    const { store, errors } = setup(json(200, { data: [{ id: 1 }] }), new Response('', { status: 502 }));
    await store.load();
    store.setParam('q', 'x');
    await store.load();
    expect(store.items).toEqual([{ id: 1 }]);
    expect(errors.entries.map((e) => e.message)).toEqual(['Bestellungen konnten nicht geladen werden.']);
  });
});

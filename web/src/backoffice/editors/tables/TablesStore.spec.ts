import { ApiClient } from '../../../api/ApiClient';
import { fakeFetch, json } from '../../../testing/fakeFetch';
import { ErrorStore } from '../../ErrorStore';
import { TABLES_LOAD_FAILED, tableUrl, TablesStore } from './TablesStore';

function setup(...replies: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(...replies);
  const errors = new ErrorStore();
  return { store: new TablesStore(new ApiClient({ fetch }), errors, 4), fetch, errors };
}

describe(TablesStore.name, () => {
  it('builds the QR link to the branch store with the table chosen', () => {
    expect(tableUrl('https://bestellen.example.at/', 'gasthaus-linde-wien', 'Terrasse 2')).toBe(
      'https://bestellen.example.at/store/gasthaus-linde-wien?table=Terrasse%202',
    );
  });

  it('loads the branch tables in natural order', async () => {
    const { store, fetch } = setup(
      json(200, {
        data: ['A10', '10', 'A2', '1', '11', 'A1', '2'].map((identifier, i) => ({
          id: i + 1,
          identifier,
          branch: { id: 4 },
        })),
      }),
    );
    await store.load();
    expect(fetch.calls[0]!.url).toBe('/api/tables?branch=4&limit=500');
    expect(store.sorted.map((table) => table.identifier)).toEqual(['1', '2', '10', '11', 'A1', 'A2', 'A10']);
  });

  it('refuses blank and repeated identifiers at the field without asking the server', async () => {
    const { store, fetch } = setup(json(200, { data: [{ id: 1, identifier: '7', branch: { id: 4 } }] }));
    await store.load();
    store.setDraft('  ');
    expect(await store.add()).toBe(false);
    expect(store.draftError).toBe('Dieser Wert sollte nicht leer sein.');
    store.setDraft('7');
    expect(await store.add()).toBe(false);
    expect(store.draftError).toBe('Dieser Wert wird bereits verwendet.');
    expect(fetch.calls).toHaveLength(1);
  });

  it('adds a table for the branch, and shows the server field error when it refuses', async () => {
    const { store, fetch } = setup(
      json(200, { data: [] }),
      json(201, { data: { id: 9, identifier: 'Bar 1', branch: { id: 4 } } }),
      json(400, { errors: [{ message: 'Dieser Wert ist zu lang.', field: 'identifier' }] }),
    );
    await store.load();
    store.setDraft(' Bar 1 ');
    expect(await store.add()).toBe(true);
    expect(fetch.calls[1]!.body).toEqual({ identifier: 'Bar 1', branch: { id: 4 } });
    expect(store.tables.map((table) => table.id)).toEqual([9]);
    expect(store.draft).toBe('');
    store.setDraft('Bar 2');
    expect(await store.add()).toBe(false);
    expect(store.draftError).toBe('Dieser Wert ist zu lang.');
  });

  it('lists a failed load with retry in the error list', async () => {
    const { store, errors } = setup(json(500, {}));
    await store.load();
    expect(errors.entries.map((e) => e.message)).toEqual([TABLES_LOAD_FAILED]);
  });
});

import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import type { BackofficeRootStore } from '../BackofficeRootStore';
import { ErrorStore } from '../ErrorStore';
import { ProductSoldOutStore } from './ProductSoldOut';
import { FakeEventSource } from '../../testing/fakeEventSource';

class FakeSource extends FakeEventSource {
  emit(type: string, data: unknown) {
    this.deliver(type, JSON.stringify(data));
  }
}

const entry = (id: string, productId: number) => ({
  id,
  product: { id: productId, name: `Produkt ${productId}` },
  part: null,
  partName: null,
  option: null,
  until: null,
  markedAt: '2026-11-20T11:00:00.000Z',
  markedBy: { id: 2, name: 'mitarbeiter' },
});

describe(ProductSoldOutStore.name, () => {
  it("follows the staff stream's availability.changed of its branch while shown, and reads again on reconnect", async () => {
    const fetch = fakeFetch(
      json(200, { data: [{ id: 3, name: 'Wien' }] }),
      json(200, { data: { branchId: 3, entries: [] } }),
      json(200, { data: [{ id: 7, name: 'Produkt 7' }] }),
      json(200, { data: { branchId: 3, entries: [entry('b', 8)] } }),
    );
    const sources: FakeSource[] = [];
    const root = {
      api: new ApiClient({ fetch }),
      errors: new ErrorStore(),
      env: {
        openEventStream: (url: string) => {
          const source = new FakeSource(url);
          sources.push(source);
          return source;
        },
      },
    } as unknown as BackofficeRootStore;
    const store = new ProductSoldOutStore(root);
    await store.load();
    const stop = store.follow();
    expect(sources.map((s) => s.url)).toEqual(['/api/events']);
    const now = new Date('2026-11-20T12:00:00.000Z');
    expect(store.marks.productEntry(7, now)).toBeNull();

    // A mark from the board: the column shows it without a tap here; another branch's list is ignored.
    sources[0]!.emit('availability.changed', { branchId: 3, entries: [entry('a', 7)] });
    expect(store.marks.productEntry(7, now)?.id).toBe('a');
    sources[0]!.emit('availability.changed', { branchId: 4, entries: [] });
    expect(store.marks.productEntry(7, now)?.id).toBe('a');

    // After a drop the marks are read again (what changed meanwhile).
    sources[0]!.onopen?.(new Event('open'));
    sources[0]!.onopen?.(new Event('open'));
    await new Promise((r) => setTimeout(r, 0));
    expect(fetch.calls.map((c) => c.url).at(-1)).toBe('/api/branches/3/sold-out');
    expect(store.marks.productEntry(7, now)).toBeNull();
    expect(store.marks.productEntry(8, now)?.id).toBe('b');

    stop();
    expect(sources[0]!.closed).toBe(true);
  });
});

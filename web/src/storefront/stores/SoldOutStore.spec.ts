import { autorun } from 'mobx';
import type { SoldOutState } from '@ordering/common';
import { json } from '../../testing/fakeFetch';
import { loadedRoot, schnitzelNachWahl } from '../testing/fixtures';
import type { EventSourceLike } from '../../api/liveEvents';

const state = (entries: Array<Partial<SoldOutState['entries'][number]>>): SoldOutState => ({
  branchId: 1,
  entries: entries.map((e, i) => ({
    id: `e${i}`,
    product: { id: schnitzelNachWahl.id, name: 'Schnitzel nach Wahl' },
    part: null,
    partName: null,
    option: null,
    until: null,
    markedAt: '2026-03-02T10:00:00.000Z',
    ...e,
  })),
});

describe('SoldOutStore', () => {
  it('reads the branch list only while observed and follows live events of its branch', async () => {
    const { root, fetch } = await loadedRoot({
      replies: [
        json(200, { data: state([{ part: 1, option: 'Pommes frites', until: '2026-03-02T11:30:00Z' }]) }),
      ],
    });
    root.branches.select('wien');
    const before = fetch.calls.length;
    // Nobody asks: no request.
    expect(root.soldOut.isProductSoldOut(schnitzelNachWahl.id)).toBe(false);
    expect(fetch.calls).toHaveLength(before);

    let soldOut = false;
    const stop = autorun(() => {
      soldOut = root.soldOut.isOptionSoldOut(schnitzelNachWahl.id, 1, 'Pommes frites');
    });
    expect(fetch.calls.at(-1)!.url).toBe('/api/branches/1/sold-out');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(soldOut).toBe(true);

    root.soldOut.apply(JSON.stringify(state([{}])));
    expect(root.soldOut.isProductSoldOut(schnitzelNachWahl.id)).toBe(true);
    expect(soldOut).toBe(false);
    // Another branch's event is not ours.
    root.soldOut.apply(JSON.stringify({ ...state([]), branchId: 2 }));
    expect(root.soldOut.isProductSoldOut(schnitzelNachWahl.id)).toBe(true);
    stop();
  });

  it('applies the events of its stream', async () => {
    const listeners = new Map<string, (event: MessageEvent) => void>();
    const stream: EventSourceLike = {
      addEventListener: (type, listener) => listeners.set(type, listener),
      close: () => undefined,
      onopen: null,
    };
    const { root } = await loadedRoot({ replies: [json(200, { data: state([]) })] });
    const { SoldOutStore } = await import('./SoldOutStore');
    const store = new SoldOutStore(root.api, root.branches, root.clock, () => stream);
    root.branches.select('wien');
    let soldOut = false;
    const stop = autorun(() => (soldOut = store.isProductSoldOut(schnitzelNachWahl.id)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    listeners.get('availability.changed')!({
      data: JSON.stringify(state([{}])),
      lastEventId: '',
    } as MessageEvent);
    expect(soldOut).toBe(true);
    stop();
  });
});

import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { PIN_FORMAT, PIN_LIST_FAILED, TimeClockPinStore } from './TimeClockPinStore';

const anna = {
  id: 3,
  username: 'anna',
  firstName: 'Anna',
  lastName: 'Berger',
  branches: [{ id: 1, name: 'Linde Wien' }],
  hasPin: false,
};

describe(TimeClockPinStore.name, () => {
  it('lists the people, sets the selected one’s PIN and shows that it has one now', async () => {
    const fetch = fakeFetch(json(200, { data: [anna] }), json(200, { data: { hasPin: true } }));
    const store = new TimeClockPinStore(new ApiClient({ fetch }));
    await store.load();
    expect(store.rows).toHaveLength(1);
    store.select(3);
    store.setPin('24a66 80');
    expect(store.pin).toBe('246680');
    await store.save(store.pin);
    expect(fetch.calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['GET', '/api/time-tracking/pins', undefined],
      ['PUT', '/api/time-tracking/pins/3', { pin: '246680' }],
    ]);
    expect(store.rows[0]!.hasPin).toBe(true);
    expect(store.pin).toBe('');
    expect(store.done).toBe('PIN von Anna Berger gespeichert.');
  });

  it('refuses a short PIN without asking the server, and shows the server’s sentence for a refusal', async () => {
    const fetch = fakeFetch(
      json(200, { data: [{ ...anna, hasPin: true }] }),
      json(403, { errors: [{ message: 'Die PIN dieses Benutzers kann nur die Administration setzen.' }] }),
    );
    const store = new TimeClockPinStore(new ApiClient({ fetch }));
    await store.load();
    store.select(3);
    store.setPin('12');
    await store.save(store.pin);
    expect(store.error).toBe(PIN_FORMAT);
    await store.save(null);
    expect(fetch.calls[1]!.body).toEqual({ pin: null });
    expect(store.error).toBe('Die PIN dieses Benutzers kann nur die Administration setzen.');
    expect(store.rows[0]!.hasPin).toBe(true);
  });

  it('says so when the list cannot be loaded', async () => {
    const store = new TimeClockPinStore(new ApiClient({ fetch: fakeFetch(json(500, {})) }));
    await store.load();
    expect(store.listError).toBe(PIN_LIST_FAILED);
  });
});

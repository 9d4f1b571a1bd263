import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { ErrorStore } from '../ErrorStore';
import { DevicePairingStore, normaliseCode } from './DevicePairingStore';

const status = (extra: Record<string, unknown> = {}) => ({
  data: { id: 4, paired: false, apiKeyHint: null, lastSeenAt: null, online: false, logs: null, ...extra },
});

function setup(...replies: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(...replies);
  const errors = new ErrorStore();
  const store = new DevicePairingStore(new ApiClient({ fetch }), errors, 4);
  return { store, fetch, errors };
}

describe(DevicePairingStore.name, () => {
  it('writes the code as the terminal shows it', () => {
    expect(normaliseCode('k7qm 4tzp')).toBe('K7QM-4TZP');
    expect(normaliseCode('k7q')).toBe('K7Q');
    expect(normaliseCode('K7QM-4TZP-XX')).toBe('K7QM-4TZP');
  });

  it('pairs with the typed code and shows the new state', async () => {
    const { store, fetch } = setup(
      json(200, { data: { id: 4, code: 'K7QM-4TZP' } }),
      json(200, status({ paired: true, apiKeyHint: '••••••••ab12', online: true })),
    );
    store.setCode('k7qm4tzp');
    expect(await store.pair()).toBe(true);
    expect(fetch.calls[0]!.url).toBe('/api/devices/4/pair');
    expect(fetch.calls[0]!.body).toEqual({ code: 'K7QM-4TZP' });
    expect(store.status).toMatchObject({ paired: true, online: true });
    expect(store.notice).toBe('Gekoppelt. Das Terminal verbindet sich in wenigen Sekunden.');
    expect(store.code).toBe('');
  });

  it('shows the server’s message at the code, and checks the form before asking', async () => {
    const { store, fetch, errors } = setup(
      json(400, { errors: [{ field: 'code', message: 'Der Kopplungscode ist unbekannt oder abgelaufen.' }] }),
    );
    store.setCode('abc');
    expect(await store.pair()).toBe(false);
    expect(store.codeError).toMatch(/8 Buchstaben und Ziffern/);
    expect(fetch.calls).toHaveLength(0);
    store.setCode('ABCDEFGH');
    expect(await store.pair()).toBe(false);
    expect(store.codeError).toBe('Der Kopplungscode ist unbekannt oder abgelaufen.');
    expect(errors.entries).toHaveLength(0);
  });

  it('lists a failed test with the catalogue text and a failed logs request with the server’s message', async () => {
    const { store, errors } = setup(
      new Response('', { status: 502 }),
      json(400, { errors: [{ field: 'branch', message: 'Das Gerät ist keiner Filiale zugeordnet.' }] }),
    );
    await store.testNotification();
    await store.requestLogs();
    expect(errors.entries.map((e) => e.message)).toEqual([
      'Test nicht erfolgreich.',
      'Das Gerät ist keiner Filiale zugeordnet.',
    ]);
    expect(store.notice).toBeNull();
  });
});

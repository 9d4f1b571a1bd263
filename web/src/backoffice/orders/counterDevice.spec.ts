import { connectCounterDevice, counterDeviceKey } from './counterDevice';

function fakeWindow(hash: string) {
  const session = new Map<string, string>();
  return {
    location: { hash } as Location,
    sessionStorage: {
      getItem: (key: string) => session.get(key) ?? null,
      setItem: (key: string, value: string) => void session.set(key, value),
    } as Storage,
    setInterval: (() => 7) as unknown as Window['setInterval'],
    clearInterval: () => undefined,
  };
}

function answer(status: number, body?: unknown): typeof fetch {
  return (() =>
    Promise.resolve({
      ok: status < 300,
      status,
      json: () => Promise.resolve(body),
    })) as unknown as typeof fetch;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe(counterDeviceKey.name, () => {
  it('reads the key from the fragment and keeps it for reloads of the tab', () => {
    const win = fakeWindow('#geraet=dk%2F1');
    expect(counterDeviceKey(win)).toBe('dk/1');
    win.location.hash = '';
    expect(counterDeviceKey(win)).toBe('dk/1');
    expect(counterDeviceKey(fakeWindow(''))).toBeNull();
  });
});

describe(connectCounterDevice.name, () => {
  async function soundAfter(fetchFn: typeof fetch): Promise<{ applied: boolean[]; calls: RequestInit[] }> {
    const applied: boolean[] = [];
    const calls: RequestInit[] = [];
    const spy = ((url: string, init: RequestInit) => {
      calls.push(init);
      return fetchFn(url, init);
    }) as typeof fetch;
    const stop = connectCounterDevice(
      { applyDeviceSound: (on) => applied.push(on) },
      'dk_1',
      fakeWindow(''),
      spy,
    );
    await settle();
    stop();
    return { applied, calls };
  }

  it('silences the board of a front desk whose "Ton bei neuen Bestellungen" is off', async () => {
    const { applied, calls } = await soundAfter(
      answer(200, { data: { type: 'frontdesk', settings: { notificationSound: false } } }),
    );
    expect(applied).toEqual([false]);
    expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer dk_1' });
  });

  it('keeps the sound on by default, for another device type and for a refused key', async () => {
    expect((await soundAfter(answer(200, { data: { type: 'frontdesk', settings: {} } }))).applied).toEqual([
      true,
    ]);
    expect(
      (await soundAfter(answer(200, { data: { type: 'kiosk', settings: { notificationSound: false } } })))
        .applied,
    ).toEqual([true]);
    expect((await soundAfter(answer(401))).applied).toEqual([true]);
  });
});

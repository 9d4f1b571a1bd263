import { observable, runInAction } from 'mobx';
import { ACK_STORAGE_KEY, AlarmStore, SOUND_STORAGE_KEY, type ChannelLike } from './AlarmStore';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

function setup(options: { stored?: number[] } = {}) {
  const ids = observable.array<number>([1, 2]);
  const storage = memoryStorage(options.stored ? { [ACK_STORAGE_KEY]: JSON.stringify(options.stored) } : {});
  const posted: unknown[] = [];
  const channel: ChannelLike = {
    postMessage: (m) => posted.push(m),
    onmessage: null,
    close: () => undefined,
  };
  const rings: number[] = [];
  const intervals: Array<() => void> = [];
  let cleared = 0;
  const alarm = new AlarmStore({
    newOrderIds: () => ids.slice(),
    storage,
    channel,
    beeper: { unlock: () => true, ring: () => rings.push(Date.now()) },
    setInterval: (fn) => intervals.push(fn),
    clearInterval: () => cleared++,
  });
  return { alarm, ids, storage, posted, channel, rings, intervals, cleared: () => cleared };
}

describe(AlarmStore.name, () => {
  it('rings for every unconfirmed order until it is acknowledged', () => {
    const { alarm } = setup();
    expect(alarm.alarming).toEqual([1, 2]);
    alarm.acknowledge(1);
    expect(alarm.alarming).toEqual([2]);
    expect(alarm.isAlarming(1)).toBe(false);
  });

  it('keeps acknowledged ids in storage, so a reload does not ring again', () => {
    const first = setup();
    first.alarm.acknowledge(2);
    const stored = first.storage.data.get(ACK_STORAGE_KEY)!;
    const second = setup({ stored: JSON.parse(stored) as number[] });
    expect(second.alarm.alarming).toEqual([1]);
  });

  it('tells other tabs and takes their acknowledgements', () => {
    const { alarm, posted, channel } = setup();
    alarm.acknowledgeAll();
    expect(posted).toEqual([[1, 2]]);
    const other = setup();
    other.channel.onmessage?.({ data: [1] } as MessageEvent);
    expect(other.alarm.alarming).toEqual([2]);
    void channel;
  });

  it('plays sound only after the click, and stops when nothing rings', async () => {
    const { alarm, ids, rings, intervals, cleared } = setup();
    expect(rings).toHaveLength(0);
    await alarm.enableSound();
    expect(alarm.soundEnabled).toBe(true);
    expect(rings.length).toBeGreaterThanOrEqual(1);
    expect(intervals).toHaveLength(1);
    runInAction(() => ids.replace([]));
    expect(cleared()).toBe(1);
    alarm.dispose();
  });

  it('ignores broken storage', () => {
    const alarm = new AlarmStore({
      newOrderIds: () => [1],
      storage: {
        getItem: () => '{kaputt',
        setItem: () => {
          throw new Error('voll');
        },
      },
    });
    expect(alarm.alarming).toEqual([1]);
    alarm.acknowledge(1);
    expect(alarm.alarming).toEqual([]);
  });
});

describe('sound per device', () => {
  function withBeeper(unlock: () => boolean | Promise<boolean>, stored: Record<string, string> = {}) {
    const storage = memoryStorage(stored);
    const alarm = new AlarmStore({
      newOrderIds: () => [],
      storage,
      beeper: { unlock, ring: () => undefined },
      setInterval: () => 0,
      clearInterval: () => undefined,
    });
    return { alarm, storage };
  }

  it('asks once: the click is remembered and a reload plays without asking where allowed', async () => {
    const first = withBeeper(() => true);
    expect(first.alarm.needsSoundClick).toBe(true);
    await first.alarm.enableSound();
    expect(first.storage.data.get(SOUND_STORAGE_KEY)).toBe('on');
    const reload = withBeeper(() => true, { [SOUND_STORAGE_KEY]: 'on' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload.alarm.soundEnabled).toBe(true);
    expect(reload.alarm.needsSoundClick).toBe(false);
  });

  it('blocks again after a reload where the browser wants a click, not when silenced on purpose', async () => {
    const reload = withBeeper(() => false, { [SOUND_STORAGE_KEY]: 'on' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload.alarm.needsSoundClick).toBe(true);
    reload.alarm.disableSound();
    expect(withBeeper(() => false, { [SOUND_STORAGE_KEY]: 'off' }).alarm.needsSoundClick).toBe(false);
  });

  it('tells of orders that start ringing (background notifications)', () => {
    const ids = observable.array<number>([1]);
    const told: number[][] = [];
    new AlarmStore({
      newOrderIds: () => ids.slice(),
      notify: (fresh) => told.push(fresh),
      setInterval: () => 0,
      clearInterval: () => undefined,
    });
    runInAction(() => ids.push(2));
    expect(told).toEqual([[2]]);
  });
});

describe('sound of a front-desk device (notificationSound)', () => {
  function counter(options: { stored?: Record<string, string>; unlocks?: number[] } = {}) {
    const ids = observable.array<number>([1]);
    const rings: number[] = [];
    const unlocks = options.unlocks ?? [];
    const alarm = new AlarmStore({
      newOrderIds: () => ids.slice(),
      storage: memoryStorage(options.stored),
      beeper: { unlock: () => (unlocks.push(1), true), ring: () => rings.push(1) },
      setInterval: () => 0,
      clearInterval: () => undefined,
      awaitDeviceSound: true,
    });
    return { alarm, rings, unlocks };
  }

  it('neither rings nor asks for sound while the terminal is silent by its settings', async () => {
    const { alarm, rings, unlocks } = counter({ stored: { [SOUND_STORAGE_KEY]: 'on' } });
    alarm.applyDeviceSound(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(alarm.needsSoundClick).toBe(false);
    expect(alarm.soundPossible).toBe(false);
    await alarm.enableSound();
    expect(unlocks).toEqual([]);
    expect(rings).toEqual([]);
    expect(alarm.isRinging).toBe(true); // the card still flashes
  });

  it('waits for the settings before asking, then asks and rings as before when on', async () => {
    const { alarm, rings } = counter();
    expect(alarm.needsSoundClick).toBe(false);
    alarm.applyDeviceSound(true);
    expect(alarm.needsSoundClick).toBe(true);
    await alarm.enableSound();
    expect(rings.length).toBeGreaterThanOrEqual(1);
  });

  it('stops ringing at once when switched off, and plays again without a click when on', async () => {
    const { alarm, rings, unlocks } = counter({ stored: { [SOUND_STORAGE_KEY]: 'on' } });
    alarm.applyDeviceSound(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(alarm.soundEnabled).toBe(true);
    const before = rings.length;
    expect(before).toBeGreaterThanOrEqual(1);
    alarm.applyDeviceSound(false);
    alarm.applyDeviceSound(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(rings.length).toBe(before + 1);
    expect(unlocks.length).toBeGreaterThanOrEqual(1);
    alarm.dispose();
  });
});

import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { ErrorStore } from '../ErrorStore';
import { kitchenFieldLabel, KitchenSettingsStore } from './KitchenSettingsStore';

const SETTINGS = {
  stages: ['Neu', 'In Zubereitung', 'Fertig'],
  warnMinutes: 5,
  lateMinutes: 10,
  readyWhenDone: false,
};

async function setup(...replies: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(
    json(200, { data: [{ id: 3, name: 'Gasthaus Zur Linde' }] }),
    json(200, { data: SETTINGS }),
    ...replies,
  );
  const store = new KitchenSettingsStore({ api: new ApiClient({ fetch }), errors: new ErrorStore() });
  await store.load();
  return { store, fetch };
}

describe('KitchenSettingsStore', () => {
  it('loads the first branch and its stages', async () => {
    const { store, fetch } = await setup();
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/branches?limit=1000', '/api/kitchen/3/settings']);
    expect(store.stages).toEqual(['Neu', 'In Zubereitung', 'Fertig']);
    expect(store.warnMinutes).toBe('5');
  });

  it('adds a stage before the last one, and refuses a name twice at its field without sending', async () => {
    const { store, fetch } = await setup();
    store.addStage();
    store.setStage(2, ' neu');
    expect(store.stages).toEqual(['Neu', 'In Zubereitung', ' neu', 'Fertig']);
    expect(await store.save()).toBe(false);
    expect(store.fieldErrors).toEqual({ 'stages.2': 'Die Stufe „neu“ gibt es schon.' });
    expect(store.summary).toEqual(['Stufe 3: Die Stufe „neu“ gibt es schon.']);
    expect(fetch.calls).toHaveLength(2);
    // Typing in the field takes its message away.
    store.setStage(2, 'Anrichten');
    expect(store.fieldErrors).toEqual({});
  });

  it('names the minutes and a single stage', async () => {
    const { store } = await setup();
    store.removeStage(2);
    store.removeStage(1);
    store.setWarnMinutes('zehn');
    expect(store.check()).toBe(false);
    expect(Object.keys(store.fieldErrors).sort()).toEqual(['stages', 'warnMinutes']);
    expect(store.fieldErrors.stages).toMatch(/mindestens 2 Stufen/);
    expect(kitchenFieldLabel('warnMinutes')).toBe('Gelb ab (Minuten)');
  });

  it('sends the form and shows the server field errors at their fields', async () => {
    const { store, fetch } = await setup(
      json(400, {
        errors: [
          { field: 'lateMinutes', message: 'Die Minuten für Rot müssen größer sein als die für Gelb.' },
        ],
      }),
      json(200, { data: { ...SETTINGS, stages: ['Neu', 'Fertig'], lateMinutes: 12 } }),
    );
    store.removeStage(1);
    expect(await store.save()).toBe(false);
    expect(fetch.calls[2]).toMatchObject({
      method: 'PUT',
      url: '/api/kitchen/3/settings',
      body: { stages: ['Neu', 'Fertig'], warnMinutes: 5, lateMinutes: 10, readyWhenDone: false },
    });
    expect(store.fieldErrors).toEqual({
      lateMinutes: 'Die Minuten für Rot müssen größer sein als die für Gelb.',
    });
    store.setLateMinutes('12');
    expect(await store.save()).toBe(true);
    expect(store.saved).toBe(true);
    expect(store.lateMinutes).toBe('12');
  });
});

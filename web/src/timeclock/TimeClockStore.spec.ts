import { ApiClient } from '../api/ApiClient';
import { fakeFetch, json } from '../testing/fakeFetch';
import {
  DONE_SECONDS,
  IDLE_SECONDS,
  TimeClockStore,
  type ClockActivity,
  type ClockMe,
} from './TimeClockStore';

const NOW = '2026-11-20T11:00:00.000Z';

const activity = (over: Partial<ClockActivity> = {}): ClockActivity => ({
  id: 7,
  startedAt: '2026-11-20T07:00:00.000Z',
  endedAt: null,
  pauses: [],
  status: 'running',
  pauseMinutes: 0,
  workedMinutes: 240,
  ...over,
});

const me = (over: Partial<ClockMe> = {}): ClockMe => ({
  user: { id: 3, username: 'anna', firstName: 'Anna', lastName: 'Berger' },
  branch: { id: 2, name: 'Wien', timeZone: 'Europe/Vienna' },
  state: 'none',
  current: null,
  todayMinutes: 0,
  now: NOW,
  ...over,
});

const schedule = {
  id: 1,
  startsAt: '2026-11-20T07:00:00.000Z',
  endsAt: '2026-11-20T15:00:00.000Z',
  department: null,
  comment: '',
};
const tomorrow = {
  ...schedule,
  id: 2,
  startsAt: '2026-11-21T07:00:00.000Z',
  endsAt: '2026-11-21T15:00:00.000Z',
};

function setup(...replies: Parameters<typeof fakeFetch>) {
  const fetch = fakeFetch(...replies);
  const timers: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  let now = Date.parse(NOW);
  const store = new TimeClockStore({
    branchId: '2',
    apiKey: 'schlüssel/1',
    api: new ApiClient({ fetch }),
    now: () => new Date(now),
    setTimer: (fn, ms) => {
      const timer = { fn, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (h) => {
      (h as { cleared: boolean }).cleared = true;
    },
  });
  return {
    store,
    fetch,
    timers,
    advance: (ms: number) => (now += ms),
    pending: () => timers.filter((t) => !t.cleared),
  };
}

async function signIn(s: ReturnType<typeof setup>) {
  s.store.setUsername(' anna ');
  for (const d of '1234') s.store.pressDigit(d);
  await s.store.signIn();
}

describe(TimeClockStore.name, () => {
  describe('signIn', () => {
    it('sends name and PIN as headers to the branch key’s routes and loads schedules and activities', async () => {
      const s = setup(
        json(200, { data: me() }),
        json(200, { data: [schedule, tomorrow] }),
        json(200, { data: [] }),
      );
      await signIn(s);
      expect(s.fetch.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
        'GET /api/time-tracking/2/schl%C3%BCssel%2F1/me',
        'GET /api/time-tracking/2/schl%C3%BCssel%2F1/working-schedules',
        'GET /api/time-tracking/2/schl%C3%BCssel%2F1/working-activities',
      ]);
      expect(s.fetch.calls[0]!.headers).toMatchObject({ 'X-Username': 'anna', 'X-Access-Token': '1234' });
      expect(s.store.signedIn).toBe(true);
      expect(s.store.state).toBe('none');
      expect(s.store.allowed).toEqual(['start']);
      expect(s.store.todaysSchedules.map((x) => x.id)).toEqual([1]);
      expect(s.store.listsLoaded).toBe(true);
    });

    it('refuses locally without a name or with a short PIN, and never sends', async () => {
      const s = setup();
      await s.store.signIn();
      expect(s.store.error).toBe('Bitte den Benutzernamen eingeben.');
      s.store.setUsername('anna');
      for (const d of '12') s.store.pressDigit(d);
      await s.store.signIn();
      expect(s.store.error).toBe('Die PIN besteht aus 4 bis 8 Ziffern.');
      expect(s.fetch.calls).toHaveLength(0);
    });

    it('shows the server’s message for a wrong PIN, clears the PIN and does not treat it as a locked screen', async () => {
      const s = setup(
        json(401, { errors: [{ message: 'Benutzername oder PIN ist falsch.', field: 'accessToken' }] }),
      );
      await signIn(s);
      expect(s.store.error).toBe('Benutzername oder PIN ist falsch.');
      expect(s.store.pin).toBe('');
      expect(s.store.signedIn).toBe(false);
      expect(s.store.unauthorized).toBe(false);
    });

    it('says so when the key of the screen is refused', async () => {
      const s = setup(json(401, { errors: [{ message: 'Schlüssel ungültig', field: 'apiKey' }] }));
      await signIn(s);
      expect(s.store.unauthorized).toBe(true);
    });

    it('reports a failed shift plan with the catalogue’s message but stays signed in', async () => {
      const s = setup(json(200, { data: me() }), json(500, {}), json(200, { data: [] }));
      await signIn(s);
      expect(s.store.signedIn).toBe(true);
      expect(s.store.error).toBe('Arbeitsplanung konnte nicht geladen werden.');
    });

    it('takes at most 8 digits and deletes the last one', () => {
      const s = setup();
      for (const d of '1234567890') s.store.pressDigit(d);
      expect(s.store.pin).toBe('12345678');
      s.store.deleteDigit();
      expect(s.store.pin).toBe('1234567');
      s.store.pressDigit('x');
      expect(s.store.pin).toBe('1234567');
    });
  });

  describe('act', () => {
    it('start sets the current activity, then confirms and returns to the sign-in after a few seconds', async () => {
      const started = activity({ startedAt: NOW, workedMinutes: 0 });
      const s = setup(
        json(200, { data: me() }),
        json(200, { data: [] }),
        json(200, { data: [] }),
        json(200, { data: started }),
      );
      await signIn(s);
      await s.store.act('start');
      expect(s.fetch.calls[3]).toMatchObject({
        method: 'POST',
        url: '/api/time-tracking/2/schl%C3%BCssel%2F1/working-activities/start',
        headers: { 'X-Username': 'anna', 'X-Access-Token': '1234' },
      });
      expect(s.store.workingActivity).toEqual(started);
      expect(s.store.state).toBe('running');
      expect(s.fetch.calls).toHaveLength(4); // one call per booking: every call checks the PIN
      expect(s.store.done).toEqual({ action: 'start', at: NOW });
      expect(s.store.allowed).toEqual([]); // no second tap while the confirmation shows
      const reset = s.pending().at(-1)!;
      expect(reset.ms).toBe(DONE_SECONDS * 1000);
      reset.fn();
      expect(s.store.signedIn).toBe(false);
      expect(s.store.pin).toBe('');
      expect(s.store.username).toBe('');
      expect(s.store.workingActivity).toBeNull();
    });

    it('pause and resume replace the current activity with the server’s, end clears it', async () => {
      const running = activity();
      const paused = activity({ status: 'paused', pauses: [{ start: NOW, end: null }] });
      const ended = activity({ status: 'ended', endedAt: NOW });
      const s = setup(
        json(200, { data: me({ state: 'running', current: running, todayMinutes: 240 }) }),
        json(200, { data: [] }),
        json(200, { data: [running] }),
        json(200, { data: paused }),
      );
      await signIn(s);
      expect(s.store.allowed).toEqual(['pause', 'end']);
      await s.store.act('pause');
      expect(s.store.workingActivity).toEqual(paused);
      expect(s.store.state).toBe('paused');
      expect(s.store.workingActivities).toEqual([paused]);

      s.store.reset();
      const s2 = setup(
        json(200, { data: me({ state: 'paused', current: paused }) }),
        json(200, { data: [] }),
        json(200, { data: [] }),
        json(200, { data: ended }),
      );
      await signIn(s2);
      expect(s2.store.allowed).toEqual(['resume', 'end']);
      await s2.store.act('end');
      expect(s2.store.workingActivity).toBeNull();
      expect(s2.store.state).toBe('none');
      expect(s2.store.done?.action).toBe('end');
    });

    it('shows the server’s refusal, or the catalogue’s message when the server is unreachable', async () => {
      const s = setup(
        json(200, { data: me() }),
        json(200, { data: [] }),
        json(200, { data: [] }),
        json(409, { errors: [{ message: 'Sie sind bereits eingestempelt.' }] }),
        new TypeError('Failed to fetch'),
      );
      await signIn(s);
      await s.store.act('start');
      expect(s.store.error).toBe('Sie sind bereits eingestempelt.');
      await s.store.act('start');
      expect(s.store.error).toBe('Aktivität konnte nicht gestartet werden.');
      expect(s.store.signedIn).toBe(true);
    });
  });

  describe('time on screen', () => {
    it('ticks the running minutes on the server’s clock, not the tablet’s', async () => {
      const running = activity(); // since 07:00, server says 11:00
      const s = setup(
        json(200, { data: me({ state: 'running', current: running, todayMinutes: 300, now: NOW }) }),
        json(200, { data: [] }),
        json(200, { data: [] }),
      );
      s.advance(-3 * 60_000); // the tablet is three minutes slow
      await signIn(s);
      expect(s.store.currentMinutes).toBe(240);
      expect(s.store.todayMinutes).toBe(300);
      s.store.start();
      s.advance(61_000);
      s.pending().at(-1)!.fn(); // one tick
      expect(s.store.currentMinutes).toBe(241);
      expect(s.store.todayMinutes).toBe(301);
    });

    it('signs an idle employee out after the idle time; a tap restarts it', async () => {
      const s = setup(json(200, { data: me() }), json(200, { data: [] }), json(200, { data: [] }));
      await signIn(s);
      const first = s.pending().at(-1)!;
      expect(first.ms).toBe(IDLE_SECONDS * 1000);
      s.store.touch();
      expect(first.cleared).toBe(true);
      s.pending().at(-1)!.fn();
      expect(s.store.signedIn).toBe(false);
    });
  });

  describe('name tiles', () => {
    const staff = [
      { id: 3, name: 'Anna Berger', initials: 'AB' },
      { id: 5, name: 'Ben Huber', initials: 'BH' },
    ];

    it('loads the staff of the key’s branch, then signs the tapped person in by id and PIN', async () => {
      const s = setup(
        json(200, { data: staff }),
        json(200, { data: me() }),
        json(200, { data: [] }),
        json(200, { data: [] }),
      );
      expect(s.store.step).toBe('names');
      await s.store.loadStaff();
      expect(s.fetch.calls[0]!.url).toBe('/api/time-tracking/2/schl%C3%BCssel%2F1/staff');
      expect(s.store.staff).toEqual(staff);
      s.store.pick(staff[0]!);
      expect(s.store.step).toBe('pin');
      for (const d of '1234') s.store.pressDigit(d);
      await s.store.signIn();
      expect(s.fetch.calls[1]!.headers).toMatchObject({ 'X-User-Id': '3', 'X-Access-Token': '1234' });
      expect(s.fetch.calls[1]!.headers).not.toHaveProperty('X-Username');
      expect(s.store.signedIn).toBe(true);
      s.store.reset();
      expect([s.store.step, s.store.picked, s.store.pin]).toEqual(['names', null, '']);
    });

    it('says only that the PIN is wrong when a tapped person’s PIN is refused', async () => {
      const s = setup(
        json(401, { errors: [{ message: 'Benutzername oder PIN ist falsch.', field: 'accessToken' }] }),
      );
      s.store.pick(staff[1]!);
      for (const d of '9999') s.store.pressDigit(d);
      await s.store.signIn();
      expect([s.store.error, s.store.pin, s.store.step]).toEqual([
        'Die PIN ist falsch. Bitte noch einmal eingeben.',
        '',
        'pin',
      ]);
    });

    it('offers the user name when the list is empty, failed, or the person is not on it', async () => {
      const empty = setup(json(200, { data: [] }));
      await empty.store.loadStaff();
      expect(empty.store.step).toBe('username');
      const failed = setup(json(500, { errors: [{ message: 'kaputt' }] }));
      await failed.store.loadStaff();
      expect([failed.store.step, failed.store.unauthorized]).toEqual(['username', false]);
      const listed = setup(json(200, { data: staff }));
      await listed.store.loadStaff();
      listed.store.typeUsername();
      expect(listed.store.step).toBe('username');
      listed.store.backToNames();
      expect(listed.store.step).toBe('names');
    });

    it('shows the refusal instead of the tiles for a wrong key', async () => {
      const s = setup(
        json(401, {
          errors: [{ message: 'Diese Zeiterfassung ist nicht freigeschaltet.', field: 'apiKey' }],
        }),
      );
      await s.store.loadStaff();
      expect(s.store.unauthorized).toBe(true);
    });
  });
});

import { marketProfile } from './market.js';
import {
  activityTypeLabels,
  allowedClockActions,
  formatWorkedMinutes,
  isClockActionAllowed,
  staffInitials,
  workedMinutes,
  workedMs,
  workedMsWithin,
} from './time-clock.js';

describe(allowedClockActions.name, () => {
  it('allows only Kommen without an open activity, Pause or Gehen while running, Weiter or Gehen in a pause', () => {
    expect(allowedClockActions('none')).toEqual(['start']);
    expect(allowedClockActions('running')).toEqual(['pause', 'end']);
    expect(allowedClockActions('paused')).toEqual(['resume', 'end']);
    expect(isClockActionAllowed('running', 'start')).toBe(false);
    expect(isClockActionAllowed('none', 'end')).toBe(false);
    expect(isClockActionAllowed('paused', 'pause')).toBe(false);
  });
});

describe(workedMs.name, () => {
  const activity = {
    startedAt: '2026-11-20T07:00:00.000Z',
    endedAt: null,
    pauses: [{ start: '2026-11-20T11:00:00.000Z', end: '2026-11-20T11:30:00.000Z' }],
  };

  it('counts from the start to now less the finished pauses when running', () => {
    expect(workedMinutes(activity, new Date('2026-11-20T12:00:00Z'))).toBe(270);
  });

  it('stops counting during an open pause', () => {
    const paused = {
      ...activity,
      pauses: [...activity.pauses, { start: '2026-11-20T12:00:00.000Z', end: null }],
    };
    expect(workedMinutes(paused, new Date('2026-11-20T12:00:00Z'))).toBe(270);
    expect(workedMinutes(paused, new Date('2026-11-20T12:45:00Z'))).toBe(270);
  });

  it('counts to the end when ended, whatever now is, and drops an unfinished minute', () => {
    const ended = { ...activity, endedAt: '2026-11-20T15:30:59.999Z' };
    expect(workedMs(ended, new Date('2026-11-21T00:00:00Z'))).toBe(8 * 3_600_000 + 59_999);
    expect(workedMinutes(ended, new Date('2026-11-21T00:00:00Z'))).toBe(480);
  });

  it('is never negative (a clock set back)', () => {
    expect(workedMs(activity, new Date('2026-11-20T06:00:00Z'))).toBe(0);
  });
});

describe(formatWorkedMinutes.name, () => {
  it('writes hours and two-digit minutes', () => {
    expect(formatWorkedMinutes(425)).toBe('7:05');
    expect(formatWorkedMinutes(0)).toBe('0:00');
  });
});

describe(workedMsWithin.name, () => {
  it('splits a night shift and its pause at midnight (20:00–04:00, pause 23:30–00:30: 3:30 each day)', () => {
    const shift = {
      startedAt: '2026-12-01T20:00:00.000Z',
      endedAt: '2026-12-02T04:00:00.000Z',
      pauses: [{ start: '2026-12-01T23:30:00.000Z', end: '2026-12-02T00:30:00.000Z' }],
    };
    const now = new Date('2026-12-03T00:00:00Z');
    const midnight = new Date('2026-12-02T00:00:00Z');
    const first = workedMsWithin(shift, now, new Date('2026-12-01T00:00:00Z'), midnight);
    const second = workedMsWithin(shift, now, midnight, new Date('2026-12-03T00:00:00Z'));
    expect([first, second]).toEqual([210 * 60_000, 210 * 60_000]);
    expect(first + second).toBe(workedMs(shift, now));
    expect(
      workedMsWithin(shift, now, new Date('2026-12-03T00:00:00Z'), new Date('2026-12-04T00:00:00Z')),
    ).toBe(0);
  });

  it('counts an open shift with an open pause up to now', () => {
    const open = {
      startedAt: '2026-12-01T22:00:00.000Z',
      endedAt: null,
      pauses: [{ start: '2026-12-02T01:00:00.000Z', end: null }],
    };
    const now = new Date('2026-12-02T02:00:00Z');
    expect(
      workedMsWithin(open, now, new Date('2026-12-02T00:00:00Z'), new Date('2026-12-03T00:00:00Z')),
    ).toBe(60 * 60_000);
  });
});

describe(staffInitials.name, () => {
  it('takes the first letters of first and last name, uppercased', () => {
    expect(staffInitials('Anna', 'Muster')).toBe('AM');
    expect(staffInitials(' özlem ', 'yılmaz')).toBe('ÖY');
  });

  it('takes the first two words when only one name is set, and "?" when none is', () => {
    expect(staffInitials('Anna Lena', '')).toBe('AL');
    expect(staffInitials('', 'Huber')).toBe('H');
    expect(staffInitials('', '  ')).toBe('?');
  });
});

describe(activityTypeLabels.name, () => {
  it("names sick leave in the market's word: Krankmeldung in Germany, Krankenstand in Austria", () => {
    expect(activityTypeLabels(marketProfile('DE'))).toEqual({
      work: 'Arbeit',
      holiday: 'Urlaub',
      sick: 'Krankmeldung',
    });
    expect(activityTypeLabels(marketProfile('AT')).sick).toBe('Krankenstand');
  });
});

import fc from 'fast-check';
import type { OpeningHourRule } from './contract/branch.js';
import {
  branchStatusLabel,
  closedText,
  closesAt,
  countOpenBranches,
  dayLabel,
  deliveryHoursOf,
  isBranchOpen,
  isClosingSoon,
  isDeliveryOpen,
  isOpenAt,
  mergeIntervals,
  nextOpening,
  openBranchesText,
  openingHoursOf,
  openState,
  reopeningText,
  ruleWindow,
  rulesForDate,
  type Hours,
} from './opening-hours.js';
import { makeBranch, rule } from './testing/fixtures.js';
import { addDays, fromLocal, toLocal, weekdayOf } from './zoned-time.js';

const VIENNA = 'Europe/Vienna';
/** An instant given as Vienna wall-clock time. */
const at = (date: string, time: string): Date => {
  const [h, m] = time.split(':').map(Number);
  return fromLocal(date, h * 60 + m, VIENNA);
};
const hours = (...rules: OpeningHourRule[]): Hours => ({ rules, timeZone: VIENNA });

describe('opening-hours', () => {
  describe(ruleWindow.name, () => {
    it('reads from and to as minutes when the window lies within the day', () => {
      expect(ruleWindow(rule('daily', '09:00', '18:00'))).toEqual({ from: 540, to: 1080 });
    });

    it('treats 00:00 and 24:00 as midnight at the end of the day', () => {
      expect(ruleWindow(rule('daily', '18:00', '00:00'))).toEqual({ from: 1080, to: 1440 });
      expect(ruleWindow(rule('daily', '18:00', '24:00'))).toEqual({ from: 1080, to: 1440 });
      expect(ruleWindow(rule('daily', '00:00', '00:00'))).toEqual({ from: 0, to: 1440 });
    });

    it('runs into the next day when to is earlier than from', () => {
      expect(ruleWindow(rule('friday', '18:00', '02:00'))).toEqual({ from: 1080, to: 1560 });
    });

    it('is null when closed, empty or malformed', () => {
      expect(ruleWindow(rule('daily', '09:00', '18:00', { isClosed: true }))).toBeNull();
      expect(ruleWindow(rule('daily', '10:00', '10:00'))).toBeNull();
      expect(ruleWindow(rule('daily', 'abc', '10:00'))).toBeNull();
      expect(ruleWindow(rule('daily', '24:00', '10:00'))).toBeNull();
    });
  });

  describe(rulesForDate.name, () => {
    const daily = rule('daily', '09:00', '18:00');
    const saturday = rule('saturday', '10:00', '14:00');

    it('lets a later weekday rule replace daily for that weekday only', () => {
      expect(rulesForDate([daily, saturday], '2026-03-28')).toEqual([saturday]);
      expect(rulesForDate([daily, saturday], '2026-03-27')).toEqual([daily]);
    });

    it('lets a later daily rule replace an earlier weekday rule', () => {
      expect(rulesForDate([saturday, daily], '2026-03-28')).toEqual([daily]);
    });

    it('keeps several rules of the same type as a split shift', () => {
      const lunch = rule('monday', '11:00', '14:00');
      const dinner = rule('monday', '17:00', '22:00');
      expect(rulesForDate([daily, lunch, dinner], '2026-03-23')).toEqual([lunch, dinner]);
    });

    it('applies a once rule on its own date only, wherever it stands in the list', () => {
      const holiday = rule('once', '00:00', '00:00', { date: '2026-12-24', isClosed: true });
      expect(rulesForDate([holiday, daily], '2026-12-24')).toEqual([holiday]);
      expect(rulesForDate([holiday, daily], '2026-12-31')).toEqual([daily]);
    });
  });

  describe(isOpenAt.name, () => {
    it('is open inside a window and closed at its end (end exclusive)', () => {
      const h = hours(rule('daily', '09:00', '18:00'));
      expect(isOpenAt(h, at('2026-03-24', '09:00'))).toBe(true);
      expect(isOpenAt(h, at('2026-03-24', '17:59'))).toBe(true);
      expect(isOpenAt(h, at('2026-03-24', '18:00'))).toBe(false);
      expect(isOpenAt(h, at('2026-03-24', '08:59'))).toBe(false);
    });

    it('stays open after midnight when a window passes midnight', () => {
      const h = hours(rule('friday', '18:00', '02:00'));
      expect(isOpenAt(h, at('2026-03-27', '23:30'))).toBe(true);
      expect(isOpenAt(h, at('2026-03-28', '01:30'))).toBe(true);
      expect(isOpenAt(h, at('2026-03-28', '02:00'))).toBe(false);
      expect(isOpenAt(h, at('2026-03-26', '01:30'))).toBe(false);
    });

    it('is closed on a once closed date and open on the other days', () => {
      const h = hours(
        rule('daily', '09:00', '18:00'),
        rule('once', '09:00', '18:00', { date: '2026-12-24', isClosed: true }),
      );
      expect(isOpenAt(h, at('2026-12-24', '12:00'))).toBe(false);
      expect(isOpenAt(h, at('2026-12-23', '12:00'))).toBe(true);
    });

    it('is closed when there are no rules', () => {
      expect(isOpenAt(hours(), at('2026-03-24', '12:00'))).toBe(false);
    });

    it('uses the default zone Europe/Vienna when the hours name none', () => {
      expect(isOpenAt({ rules: [rule('daily', '09:00', '18:00')] }, at('2026-07-01', '17:30'))).toBe(true);
    });
  });

  describe('DST', () => {
    it('keeps a whole-day window open for 23 hours on the day DST starts (29.03.2026)', () => {
      const h = hours(rule('sunday', '00:00', '24:00'));
      expect(isOpenAt(h, new Date('2026-03-28T23:00:00Z'))).toBe(true);
      expect(isOpenAt(h, new Date('2026-03-29T21:59:00Z'))).toBe(true);
      expect(isOpenAt(h, new Date('2026-03-29T22:00:00Z'))).toBe(false);
    });

    it('keeps a whole-day window open for 25 hours on the day DST ends (25.10.2026)', () => {
      const h = hours(rule('sunday', '00:00', '24:00'));
      expect(isOpenAt(h, new Date('2026-10-24T22:00:00Z'))).toBe(true);
      expect(isOpenAt(h, new Date('2026-10-25T22:59:00Z'))).toBe(true);
      expect(isOpenAt(h, new Date('2026-10-25T23:00:00Z'))).toBe(false);
    });

    it('opens at the jump when a window starts in the skipped hour (28.03.2027 02:30)', () => {
      const h = hours(rule('sunday', '02:30', '05:00'));
      expect(isOpenAt(h, new Date('2027-03-28T00:59:00Z'))).toBe(false);
      expect(isOpenAt(h, new Date('2027-03-28T01:00:00Z'))).toBe(true);
    });

    it('closes at the first 02:30 when a night window ends in the repeated hour (31.10.2027)', () => {
      const h = hours(rule('saturday', '22:00', '02:30'));
      expect(isOpenAt(h, new Date('2027-10-31T00:29:00Z'))).toBe(true);
      expect(isOpenAt(h, new Date('2027-10-31T00:30:00Z'))).toBe(false);
    });

    it('answers like a wall clock for any rules around all four 2026/2027 transitions', () => {
      const transitions = ['2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31'];
      const time = fc.integer({ min: 0, max: 96 }).map((q) => {
        const minutes = q * 15;
        return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      });
      const types = fc.constantFrom<OpeningHourRule['type']>(
        'daily',
        'friday',
        'saturday',
        'sunday',
        'monday',
      );
      const ruleArb = fc.record({ type: types, from: time, to: time, isClosed: fc.boolean() });
      fc.assert(
        fc.property(
          fc.array(ruleArb, { maxLength: 5 }),
          fc.constantFrom(...transitions),
          fc.integer({ min: -2 * 24 * 60, max: 2 * 24 * 60 }),
          (rules, transitionDate, minutesFromMidnight) => {
            const h = hours(...rules);
            const instant = new Date(
              fromLocal(transitionDate, 0, VIENNA).getTime() + minutesFromMidnight * 60_000,
            );
            const transitionUtc = fromLocal(transitionDate, 3 * 60, VIENNA).getTime();
            const isFallBack = transitionDate.endsWith('-10-25') || transitionDate.endsWith('-10-31');
            // In the repeated hour the wall clock is ambiguous; the first occurrence is the defined one.
            fc.pre(
              !(
                isFallBack &&
                instant.getTime() >= transitionUtc - 3_600_000 &&
                instant.getTime() < transitionUtc
              ),
            );
            const local = toLocal(instant, VIENNA);
            const within = (date: string, minute: number) =>
              rulesForDate(rules, date).some((r) => {
                const w = ruleWindow(r);
                return w !== null && w.from <= minute && minute < w.to;
              });
            const expected =
              within(local.date, local.minutesOfDay) ||
              within(addDays(local.date, -1), local.minutesOfDay + 1440);
            expect(isOpenAt(h, instant)).toBe(expected);
          },
        ),
        { numRuns: 300 },
      );
    });
  });

  describe(mergeIntervals.name, () => {
    it('joins touching and overlapping intervals', () => {
      const d = (iso: string) => new Date(iso);
      expect(
        mergeIntervals([
          { start: d('2026-01-01T12:00:00Z'), end: d('2026-01-01T14:00:00Z') },
          { start: d('2026-01-01T10:00:00Z'), end: d('2026-01-01T12:00:00Z') },
          { start: d('2026-01-01T13:00:00Z'), end: d('2026-01-01T13:30:00Z') },
          { start: d('2026-01-01T15:00:00Z'), end: d('2026-01-01T16:00:00Z') },
        ]),
      ).toEqual([
        { start: d('2026-01-01T10:00:00Z'), end: d('2026-01-01T14:00:00Z') },
        { start: d('2026-01-01T15:00:00Z'), end: d('2026-01-01T16:00:00Z') },
      ]);
    });
  });

  describe(closesAt.name, () => {
    it('gives the end of the current window', () => {
      expect(closesAt(hours(rule('daily', '09:00', '18:00')), at('2026-03-24', '12:00'))).toEqual(
        at('2026-03-24', '18:00'),
      );
    });

    it('follows a window across midnight into the next day', () => {
      const h = hours(rule('daily', '18:00', '24:00'), rule('saturday', '00:00', '02:00'));
      expect(closesAt(h, at('2026-03-27', '23:00'))).toEqual(at('2026-03-28', '02:00'));
    });

    it('is null when closed or open around the clock', () => {
      expect(closesAt(hours(rule('daily', '09:00', '18:00')), at('2026-03-24', '20:00'))).toBeNull();
      expect(closesAt(hours(rule('daily', '00:00', '24:00')), at('2026-03-24', '20:00'))).toBeNull();
    });
  });

  describe(isClosingSoon.name, () => {
    const h = hours(rule('daily', '09:00', '18:00'));

    it('is true when fewer than 60 minutes remain', () => {
      expect(isClosingSoon(h, at('2026-03-24', '17:01'))).toBe(true);
    });

    it('is false with exactly 60 minutes left or when closed', () => {
      expect(isClosingSoon(h, at('2026-03-24', '17:00'))).toBe(false);
      expect(isClosingSoon(h, at('2026-03-24', '19:00'))).toBe(false);
    });
  });

  describe(nextOpening.name, () => {
    it('finds the next window later today', () => {
      const h = hours(rule('daily', '11:00', '14:00'), rule('daily', '17:00', '22:00'));
      expect(nextOpening(h, at('2026-03-24', '15:00'))).toEqual(at('2026-03-24', '17:00'));
    });

    it('skips closed days', () => {
      const h = hours(rule('daily', '09:00', '18:00'), rule('sunday', '00:00', '00:00', { isClosed: true }));
      expect(nextOpening(h, at('2026-03-28', '19:00'))).toEqual(at('2026-03-30', '09:00'));
    });

    it('finds a once opening beyond the first week', () => {
      const h = hours(rule('once', '10:00', '12:00', { date: '2026-05-01' }));
      expect(nextOpening(h, at('2026-03-24', '12:00'))).toEqual(at('2026-05-01', '10:00'));
    });

    it('is null when nothing opens again', () => {
      expect(
        nextOpening(hours(rule('daily', '09:00', '18:00', { isClosed: true })), at('2026-03-24', '12:00')),
      ).toBeNull();
      expect(
        nextOpening(hours(rule('once', '10:00', '12:00', { date: '2026-01-01' })), at('2026-03-24', '12:00')),
      ).toBeNull();
    });
  });

  describe(openState.name, () => {
    it('reports open, closing time and closing soon when open', () => {
      expect(openState(hours(rule('daily', '09:00', '18:00')), at('2026-03-24', '17:30'))).toEqual({
        isOpen: true,
        closesAt: at('2026-03-24', '18:00'),
        isClosingSoon: true,
        nextOpening: null,
      });
    });

    it('reports the next opening when closed', () => {
      expect(openState(hours(rule('daily', '09:00', '18:00')), at('2026-03-24', '19:00'))).toEqual({
        isOpen: false,
        closesAt: null,
        isClosingSoon: false,
        nextOpening: at('2026-03-25', '09:00'),
      });
    });
  });

  describe(deliveryHoursOf.name, () => {
    it('uses the delivery hours when enabled and the opening hours otherwise', () => {
      const branch = makeBranch({
        deliveryHours: [rule('daily', '11:00', '13:00')],
        isDeliveryHoursEnabled: true,
      });
      expect(deliveryHoursOf(branch).rules).toEqual(branch.deliveryHours);
      expect(deliveryHoursOf({ ...branch, isDeliveryHoursEnabled: false }).rules).toEqual(
        branch.openingHours,
      );
      expect(openingHoursOf(branch).timeZone).toBe(VIENNA);
    });
  });

  describe(isDeliveryOpen.name, () => {
    it('follows the delivery hours when enabled', () => {
      const branch = makeBranch({
        deliveryHours: [rule('daily', '11:00', '13:00')],
        isDeliveryHoursEnabled: true,
      });
      expect(isBranchOpen(branch, at('2026-03-24', '15:00'))).toBe(true);
      expect(isDeliveryOpen(branch, at('2026-03-24', '15:00'))).toBe(false);
      expect(isDeliveryOpen({ ...branch, isDeliveryHoursEnabled: false }, at('2026-03-24', '15:00'))).toBe(
        true,
      );
    });
  });

  describe(dayLabel.name, () => {
    it('is null today, a weekday name within six days and the date after that', () => {
      const now = at('2026-03-24', '20:00');
      expect(dayLabel(at('2026-03-24', '21:00'), now, VIENNA)).toBeNull();
      expect(dayLabel(at('2026-03-25', '09:00'), now, VIENNA)).toBe('Mittwoch');
      expect(dayLabel(at('2026-03-30', '09:00'), now, VIENNA)).toBe('Montag');
      expect(dayLabel(at('2026-04-01', '09:00'), now, VIENNA)).toBe('01.04.2026');
    });
  });

  describe(reopeningText.name, () => {
    const now = at('2026-03-24', '07:00');

    it('says "Wir öffnen wieder um {time} Uhr." when reopening today', () => {
      expect(reopeningText(at('2026-03-24', '09:00'), now, VIENNA)).toBe('Wir öffnen wieder um 09:00 Uhr.');
    });

    it('says "Wir öffnen wieder am {day} um {time} Uhr." when reopening another day', () => {
      expect(reopeningText(at('2026-03-25', '09:00'), now, VIENNA)).toBe(
        'Wir öffnen wieder am Mittwoch um 09:00 Uhr.',
      );
    });

    it('uses the delivery texts for delivery', () => {
      expect(reopeningText(at('2026-03-24', '11:00'), now, VIENNA, 'delivery')).toBe(
        'Wir liefern wieder ab 11:00 Uhr.',
      );
      expect(reopeningText(at('2026-03-25', '11:00'), now, VIENNA, 'delivery')).toBe(
        'Wir liefern wieder am Mittwoch ab 11:00 Uhr.',
      );
    });

    it('is null without a next opening', () => {
      expect(reopeningText(null, now)).toBeNull();
    });
  });

  describe(closedText.name, () => {
    it('shows the next opening when there is one', () => {
      expect(closedText(makeBranch(), at('2026-03-24', '19:00'))).toBe(
        'Wir öffnen wieder am Mittwoch um 09:00 Uhr.',
      );
    });

    it('falls back to the closed message and then to "Geschlossen"', () => {
      const closed = makeBranch({ openingHours: [] });
      expect(
        closedText({ ...closed, closedMessage: 'Wir sind auf Urlaub.' }, at('2026-03-24', '19:00')),
      ).toBe('Wir sind auf Urlaub.');
      expect(closedText(closed, at('2026-03-24', '19:00'))).toBe('Geschlossen');
    });
  });

  describe(branchStatusLabel.name, () => {
    it('says "Geöffnet bis {time}" and warns within the last hour', () => {
      expect(branchStatusLabel(makeBranch(), at('2026-03-24', '12:00'))).toEqual({
        text: 'Geöffnet bis 18:00',
        isWarning: false,
        isOpen: true,
      });
      expect(branchStatusLabel(makeBranch(), at('2026-03-24', '17:30'))).toEqual({
        text: 'Geöffnet bis 18:00',
        isWarning: true,
        isOpen: true,
      });
    });

    it('says "Geschlossen" when closed and "Geöffnet" when open around the clock', () => {
      expect(branchStatusLabel(makeBranch(), at('2026-03-24', '19:00')).text).toBe('Geschlossen');
      expect(
        branchStatusLabel(
          makeBranch({ openingHours: [rule('daily', '00:00', '24:00')] }),
          at('2026-03-24', '19:00'),
        ).text,
      ).toBe('Geöffnet');
    });
  });

  describe(openBranchesText.name, () => {
    it('gives the three toolbar texts', () => {
      expect(openBranchesText(0)).toBe('Alle Standorte geschlossen');
      expect(openBranchesText(1)).toBe('1 Standort geöffnet');
      expect(openBranchesText(3)).toBe('3 Standorte geöffnet');
    });
  });

  describe(countOpenBranches.name, () => {
    it('counts the open branches', () => {
      const night = makeBranch({ openingHours: [rule('daily', '18:00', '02:00')] });
      expect(countOpenBranches([makeBranch(), night], at('2026-03-24', '12:00'))).toBe(1);
      expect(weekdayOf('2026-03-24')).toBe(1);
    });
  });
});

import fc from 'fast-check';
import {
  addDays,
  daysBetween,
  formatDate,
  formatIsoDate,
  formatTime,
  formatTimeOfDay,
  fromLocal,
  isValidTimeZone,
  localDate,
  offsetMinutes,
  parseIsoDate,
  parseTimeOfDay,
  previousPeriod,
  startOfLocalDay,
  toLocal,
  weekdayOf,
} from './zoned-time.js';

const VIENNA = 'Europe/Vienna';

describe('zoned-time', () => {
  describe(previousPeriod.name, () => {
    it('is the same number of days just before, across a month and a year', () => {
      expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
      expect(previousPeriod('2026-01-05', '2026-01-05')).toEqual({ from: '2026-01-04', to: '2026-01-04' });
      expect(previousPeriod('2026-01-01', '2026-01-07')).toEqual({ from: '2025-12-25', to: '2025-12-31' });
    });
  });

  describe(toLocal.name, () => {
    it('reads Vienna wall-clock time in winter and summer', () => {
      expect(toLocal(new Date('2026-01-15T11:30:00Z'), VIENNA)).toMatchObject({
        date: '2026-01-15',
        hour: 12,
        minute: 30,
        minutesOfDay: 750,
        weekday: 3,
      });
      expect(toLocal(new Date('2026-07-15T11:30:00Z'), VIENNA).hour).toBe(13);
    });

    it('reads what Intl reads, at any second, around every DST change, in zones with odd offsets', () => {
      const zones = [
        VIENNA,
        'Europe/London',
        'America/New_York',
        'America/St_Johns',
        'Asia/Kathmandu',
        'Australia/Lord_Howe',
        'Pacific/Chatham',
        'Europe/Dublin',
      ];
      const formats = new Map(
        zones.map((timeZone) => [
          timeZone,
          new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
            weekday: 'short',
          }),
        ]),
      );
      const intl = (instant: Date, timeZone: string) => {
        const parts = Object.fromEntries(
          formats
            .get(timeZone)!
            .formatToParts(instant)
            .map((p) => [p.type, p.value]),
        );
        const n = (type: string) => Number(parts[type]);
        return {
          year: n('year'),
          month: n('month'),
          day: n('day'),
          hour: n('hour') % 24,
          minute: n('minute'),
          second: n('second'),
          weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!),
        };
      };
      const same = (at: number, zone: string) => {
        const expected = intl(new Date(at), zone);
        const local = toLocal(new Date(at), zone);
        expect(local).toMatchObject(expected);
        expect(local.minutesOfDay).toBe(expected.hour * 60 + expected.minute);
        const { year, month, day, hour, minute, second } = expected;
        const wall = Date.UTC(year, month - 1, day, hour, minute, second);
        expect(offsetMinutes(new Date(at), zone)).toBe(
          Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000),
        );
      };
      // Every change of 2026 and 2027 in these zones, and of years whose changes fell off the quarter hours
      // (St. John's kept a mean time of -3:30:52 until 1935, Dublin's of -0:25:21 until 1916), found hour by
      // hour through Intl, then to the second: the seconds around each, read twice (the second time from
      // what toLocal kept).
      const scans: Array<[string, number, number]> = [
        ...zones.map((zone): [string, number, number] => [zone, 2026, 2028]),
        ['America/St_Johns', 1930, 1932],
        ['Europe/Dublin', 1916, 1917],
      ];
      let changes = 0;
      let offQuarter = 0;
      for (const [zone, from, until] of scans) {
        const offsetAt = (ms: number) => {
          const l = intl(new Date(ms), zone);
          return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - ms;
        };
        let before = offsetAt(Date.UTC(from, 0, 1));
        for (let hour = Date.UTC(from, 0, 1); hour < Date.UTC(until, 0, 1); hour += 3_600_000) {
          const after = offsetAt(hour + 3_600_000);
          if (before === after) continue;
          before = after;
          let lo = hour;
          let hi = hour + 3_600_000;
          while (hi - lo > 1000) {
            const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
            if (offsetAt(mid) === offsetAt(lo)) lo = mid;
            else hi = mid;
          }
          changes += 1;
          if (hi % 900_000 !== 0) offQuarter += 1;
          for (const at of [
            hi - 900_000,
            hi - 60_000,
            hi - 1000,
            hi - 1,
            hi,
            hi + 1,
            hi + 1000,
            hi + 899_999,
          ])
            for (let pass = 0; pass < 2; pass++) same(at, zone);
        }
      }
      expect(changes).toBeGreaterThanOrEqual(30); // two a year in seven zones (Kathmandu has none), and more
      expect(offQuarter).toBeGreaterThanOrEqual(2);
      // Any instant from 1900 to 2100, read again up to half an hour later.
      fc.assert(
        fc.property(
          fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }),
          fc.constantFrom(...zones),
          fc.integer({ min: 0, max: 1_800_000 }),
          (ms, zone, later) => {
            same(ms, zone);
            same(ms + later, zone);
          },
        ),
        { numRuns: 2000 },
      );
    });

    it('reads midnight as hour 0 when the clock strikes 00:00', () => {
      expect(toLocal(new Date('2026-01-14T23:00:00Z'), VIENNA)).toMatchObject({
        date: '2026-01-15',
        hour: 0,
      });
    });
  });

  describe(offsetMinutes.name, () => {
    it('is 60 in winter and 120 in summer for Vienna', () => {
      expect(offsetMinutes(new Date('2026-01-15T12:00:00Z'), VIENNA)).toBe(60);
      expect(offsetMinutes(new Date('2026-07-15T12:00:00Z'), VIENNA)).toBe(120);
    });
  });

  describe(fromLocal.name, () => {
    it('converts a normal local time to its instant', () => {
      expect(fromLocal('2026-01-15', 12 * 60, VIENNA).toISOString()).toBe('2026-01-15T11:00:00.000Z');
      expect(fromLocal('2026-07-15', 12 * 60, VIENNA).toISOString()).toBe('2026-07-15T10:00:00.000Z');
    });

    it('gives the moment of the jump for a time inside the skipped hour when DST starts (29.03.2026 02:30 → 03:00)', () => {
      const instant = fromLocal('2026-03-29', 150, VIENNA);
      expect(instant.toISOString()).toBe('2026-03-29T01:00:00.000Z');
      expect(formatTime(instant, VIENNA)).toBe('03:00');
      expect(fromLocal('2027-03-28', 120, VIENNA).toISOString()).toBe('2027-03-28T01:00:00.000Z');
    });

    it('takes the first of the repeated hour when DST ends (25.10.2026 02:30)', () => {
      expect(fromLocal('2026-10-25', 150, VIENNA).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    });

    it('runs into the next day when minutes reach 24:00', () => {
      expect(fromLocal('2026-03-28', 1440, VIENNA).toISOString()).toBe('2026-03-28T23:00:00.000Z');
      expect(fromLocal('2026-03-29', 1440, VIENNA).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    });

    it('works for other zones when the branch is elsewhere', () => {
      expect(fromLocal('2026-07-01', 9 * 60, 'America/New_York').toISOString()).toBe(
        '2026-07-01T13:00:00.000Z',
      );
    });
  });

  describe(startOfLocalDay.name, () => {
    it('is local midnight', () => {
      expect(startOfLocalDay('2026-07-01', VIENNA).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    });
  });

  describe(addDays.name, () => {
    it('moves across months and years', () => {
      expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
      expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    });
  });

  describe(daysBetween.name, () => {
    it('counts whole days across a DST change', () => {
      expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
      expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
    });
  });

  describe(weekdayOf.name, () => {
    it('is 0 for Monday and 6 for Sunday', () => {
      expect(weekdayOf('2026-03-23')).toBe(0);
      expect(weekdayOf('2026-03-29')).toBe(6);
    });
  });

  describe(parseIsoDate.name, () => {
    it('throws when the text is not a date', () => {
      expect(() => parseIsoDate('29.03.2026')).toThrow(RangeError);
    });
  });

  describe(localDate.name, () => {
    it('gives the Vienna date of an instant late in the UTC day', () => {
      expect(localDate(new Date('2026-07-15T22:30:00Z'), VIENNA)).toBe('2026-07-16');
    });
  });

  describe(formatDate.name, () => {
    it('prints DD.MM.YYYY in the zone', () => {
      expect(formatDate(new Date('2026-07-15T22:30:00Z'), VIENNA)).toBe('16.07.2026');
      expect(formatIsoDate('2027-01-05')).toBe('05.01.2027');
    });
  });

  describe(parseTimeOfDay.name, () => {
    it('reads HH:MM, H:MM, HH:MM:SS and 24:00', () => {
      expect(parseTimeOfDay('09:30')).toBe(570);
      expect(parseTimeOfDay('9:30')).toBe(570);
      expect(parseTimeOfDay('18:00:00')).toBe(1080);
      expect(parseTimeOfDay('24:00')).toBe(1440);
    });

    it('returns null when malformed or out of range', () => {
      expect(parseTimeOfDay('24:30')).toBeNull();
      expect(parseTimeOfDay('12:60')).toBeNull();
      expect(parseTimeOfDay('noon')).toBeNull();
      expect(parseTimeOfDay(null)).toBeNull();
    });
  });

  describe(formatTimeOfDay.name, () => {
    it('pads hours and minutes', () => {
      expect(formatTimeOfDay(570)).toBe('09:30');
      expect(formatTimeOfDay(1440)).toBe('24:00');
    });
  });

  describe(isValidTimeZone.name, () => {
    it('accepts IANA zones and rejects unknown ones', () => {
      expect(isValidTimeZone('Europe/Vienna')).toBe(true);
      expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    });
  });
});

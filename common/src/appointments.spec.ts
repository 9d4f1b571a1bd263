import fc from 'fast-check';
import type { OpeningHourRule } from './contract/branch.js';
import {
  addLeadTime,
  appointmentDateLabel,
  appointmentSlots,
  availableDays,
  availableWindows,
  earliestAppointment,
  hoursForOrderType,
  isInWindows,
  leadTimeMinutes,
  longestLeadTime,
  roundUpToMinutes,
  validateAppointment,
} from './appointments.js';
import { renderMessage } from './i18n/de.js';
import { isOpenAt, type Hours } from './opening-hours.js';
import { makeBranch, rule } from './testing/fixtures.js';
import { fromLocal } from './zoned-time.js';

const VIENNA = 'Europe/Vienna';
const at = (date: string, time: string): Date => {
  const [h, m] = time.split(':').map(Number);
  return fromLocal(date, h * 60 + m, VIENNA);
};
const hours = (...rules: OpeningHourRule[]): Hours => ({ rules, timeZone: VIENNA });

describe('appointments', () => {
  describe(leadTimeMinutes.name, () => {
    it('converts every unit to minutes', () => {
      expect(leadTimeMinutes({ type: 'minutes', value: 45 })).toBe(45);
      expect(leadTimeMinutes({ type: 'hours', value: 2 })).toBe(120);
      expect(leadTimeMinutes({ type: 'days', value: 1 })).toBe(1440);
      expect(leadTimeMinutes({ type: 'weeks', value: 1 })).toBe(10080);
    });
  });

  describe(longestLeadTime.name, () => {
    it('picks the longest enabled lead time of the cart', () => {
      expect(
        longestLeadTime([
          { isLeadTimeEnabled: true, leadTimeType: 'hours', leadTimeValue: 30 },
          { isLeadTimeEnabled: true, leadTimeType: 'days', leadTimeValue: 1 },
          { isLeadTimeEnabled: false, leadTimeType: 'weeks', leadTimeValue: 2 },
          { isLeadTimeEnabled: true, leadTimeType: 'minutes', leadTimeValue: 0 },
        ]),
      ).toEqual({ type: 'hours', value: 30 });
    });

    it('is null when no product has a lead time', () => {
      expect(longestLeadTime([{ isLeadTimeEnabled: false }])).toBeNull();
    });
  });

  describe(addLeadTime.name, () => {
    it('adds minutes and hours as durations', () => {
      expect(addLeadTime(at('2026-03-28', '22:00'), { type: 'hours', value: 6 }, VIENNA)).toEqual(
        at('2026-03-29', '05:00'),
      );
    });

    it('adds days and weeks as calendar days keeping the wall-clock time across DST', () => {
      expect(addLeadTime(at('2026-03-28', '10:00'), { type: 'days', value: 1 }, VIENNA)).toEqual(
        at('2026-03-29', '10:00'),
      );
      expect(addLeadTime(at('2026-10-20', '10:00'), { type: 'weeks', value: 1 }, VIENNA)).toEqual(
        at('2026-10-27', '10:00'),
      );
      expect(addLeadTime(at('2026-10-20', '10:00'), { type: 'days', value: 1.5 }, VIENNA)).toEqual(
        at('2026-10-21', '22:00'),
      );
    });

    it('returns the start when there is no lead time', () => {
      const start = at('2026-03-28', '10:00');
      expect(addLeadTime(start, null)).toBe(start);
    });
  });

  describe(roundUpToMinutes.name, () => {
    it('rounds up to the next 5 minutes and keeps times already on the grid', () => {
      expect(roundUpToMinutes(new Date('2026-03-24T10:01:30Z'))).toEqual(new Date('2026-03-24T10:05:00Z'));
      expect(roundUpToMinutes(new Date('2026-03-24T10:05:00Z'))).toEqual(new Date('2026-03-24T10:05:00Z'));
    });
  });

  describe(earliestAppointment.name, () => {
    it('pushes now by the longest lead time and rounds up to 5 minutes', () => {
      expect(
        earliestAppointment({
          now: at('2026-03-24', '10:02'),
          products: [{ isLeadTimeEnabled: true, leadTimeType: 'minutes', leadTimeValue: 30 }],
          timeZone: VIENNA,
        }),
      ).toEqual(at('2026-03-24', '10:35'));
    });

    it('starts at orderableFrom when that lies in the future', () => {
      const orderableFrom = at('2026-04-01', '09:00').toISOString();
      expect(earliestAppointment({ now: at('2026-03-24', '10:02'), orderableFrom })).toEqual(
        at('2026-04-01', '09:00'),
      );
      expect(earliestAppointment({ now: at('2026-03-24', '10:02'), orderableFrom: 'garbage' })).toEqual(
        at('2026-03-24', '10:05'),
      );
    });
  });

  describe(availableWindows.name, () => {
    const h = hours(rule('daily', '11:00', '14:00'), rule('daily', '17:00', '22:00'));

    it('lists each window from its start to the last 5-minute time before closing', () => {
      expect(availableWindows(h, '2026-03-24', at('2026-03-24', '08:00'))).toEqual([
        { from: at('2026-03-24', '11:00'), to: at('2026-03-24', '13:55') },
        { from: at('2026-03-24', '17:00'), to: at('2026-03-24', '21:55') },
      ]);
    });

    it('starts at the earliest time when it falls inside a window', () => {
      expect(availableWindows(h, '2026-03-24', at('2026-03-24', '12:35'))[0].from).toEqual(
        at('2026-03-24', '12:35'),
      );
      expect(availableWindows(h, '2026-03-24', at('2026-03-24', '21:57'))).toEqual([]);
    });

    it('splits a window passing midnight at the day boundary', () => {
      const night = hours(rule('friday', '22:00', '02:00'));
      expect(availableWindows(night, '2026-03-28', at('2026-03-27', '08:00'))).toEqual([
        { from: at('2026-03-28', '00:00'), to: at('2026-03-28', '01:55') },
      ]);
      expect(availableWindows(night, '2026-03-27', at('2026-03-27', '08:00'))).toEqual([
        { from: at('2026-03-27', '22:00'), to: at('2026-03-27', '23:55') },
      ]);
    });
  });

  describe(availableDays.name, () => {
    it('lists the open days from the earliest day over the horizon', () => {
      const weekdays = hours(
        rule('daily', '09:00', '18:00'),
        rule('sunday', '00:00', '00:00', { isClosed: true }),
      );
      const days = availableDays(weekdays, at('2026-03-27', '17:00'), 4);
      expect(days.map((day) => day.date)).toEqual(['2026-03-27', '2026-03-28', '2026-03-30']);
      expect(days[0].windows).toEqual([{ from: at('2026-03-27', '17:00'), to: at('2026-03-27', '17:55') }]);
    });

    it('covers 180 days by default', () => {
      const days = availableDays(hours(rule('daily', '09:00', '18:00')), at('2026-03-24', '08:00'));
      expect(days).toHaveLength(180);
      expect(days[179].date).toBe('2026-09-19');
    });
  });

  describe(appointmentSlots.name, () => {
    it('steps through a window every 30 minutes including its start', () => {
      expect(appointmentSlots({ from: at('2026-03-24', '11:00'), to: at('2026-03-24', '12:10') })).toEqual([
        at('2026-03-24', '11:00'),
        at('2026-03-24', '11:30'),
        at('2026-03-24', '12:00'),
      ]);
    });
  });

  describe(isInWindows.name, () => {
    it('accepts both ends and rejects times outside', () => {
      const windows = [{ from: at('2026-03-24', '11:00'), to: at('2026-03-24', '13:55') }];
      expect(isInWindows(windows, at('2026-03-24', '11:00'))).toBe(true);
      expect(isInWindows(windows, at('2026-03-24', '13:55'))).toBe(true);
      expect(isInWindows(windows, at('2026-03-24', '14:00'))).toBe(false);
    });
  });

  describe(hoursForOrderType.name, () => {
    it('uses delivery hours for delivery when enabled and opening hours otherwise', () => {
      const branch = makeBranch({
        deliveryHours: [rule('daily', '11:00', '13:00')],
        isDeliveryHoursEnabled: true,
      });
      expect(hoursForOrderType(branch, 'delivery').rules).toBe(branch.deliveryHours);
      expect(hoursForOrderType(branch, 'takeaway').rules).toBe(branch.openingHours);
    });
  });

  describe(validateAppointment.name, () => {
    const branch = makeBranch({
      deliveryHours: [rule('daily', '11:00', '13:00')],
      isDeliveryHoursEnabled: true,
    });
    const now = at('2026-03-24', '08:00');

    it('accepts no appointment when none is required', () => {
      expect(validateAppointment({ branch, orderType: 'takeaway', appointment: null, now })).toBeNull();
    });

    it('asks for an appointment when required and missing', () => {
      const message = validateAppointment({
        branch: { ...branch, isAppointmentRequired: true },
        orderType: 'takeaway',
        appointment: null,
        now,
      });
      expect(message && renderMessage(message)).toBe('Bitte wählen Sie einen Termin aus.');
    });

    it('says closed when outside the hours (delivery hours for delivery)', () => {
      const message = validateAppointment({
        branch,
        orderType: 'delivery',
        appointment: at('2026-03-24', '15:00'),
        now,
      });
      expect(message && renderMessage(message)).toBe(
        'Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.',
      );
      expect(
        validateAppointment({ branch, orderType: 'takeaway', appointment: at('2026-03-24', '15:00'), now }),
      ).toBeNull();
    });

    it('says too early with the earliest time when before the lead time', () => {
      const message = validateAppointment({
        branch,
        orderType: 'takeaway',
        appointment: at('2026-03-24', '10:00'),
        now,
        products: [{ isLeadTimeEnabled: true, leadTimeType: 'days', leadTimeValue: 1 }],
      });
      expect(message && renderMessage(message)).toBe(
        'Der gewählte Termin ist leider zu früh. Der frühestmögliche Termin ist 25.03.2026 um 08:00 Uhr.',
      );
    });

    it('says too late beyond the 180-day horizon', () => {
      const message = validateAppointment({
        branch,
        orderType: 'takeaway',
        appointment: at('2026-09-20', '10:00'),
        now,
      });
      expect(message && renderMessage(message)).toBe(
        'Termine können höchstens 180 Tage im Voraus gewählt werden.',
      );
    });

    it('accepts every offered slot and offers none outside the hours or before the lead time', () => {
      const time = fc
        .integer({ min: 0, max: 47 })
        .map((h) => `${String(Math.floor(h / 2)).padStart(2, '0')}:${h % 2 ? '30' : '00'}`);
      const ruleArb = fc.record({
        type: fc.constantFrom<OpeningHourRule['type']>('daily', 'monday', 'saturday', 'sunday'),
        from: time,
        to: time,
        isClosed: fc.constant(false),
      });
      const lead = fc.option(
        fc.record({
          type: fc.constantFrom<'minutes' | 'hours' | 'days'>('minutes', 'hours', 'days'),
          value: fc.integer({ min: 1, max: 50 }),
        }),
        { nil: null },
      );
      fc.assert(
        fc.property(
          fc.array(ruleArb, { minLength: 1, maxLength: 3 }),
          fc.integer({ min: 0, max: 400 * 24 * 60 }),
          lead,
          fc.constantFrom<'delivery' | 'takeaway'>('delivery', 'takeaway'),
          (rules, minutesFrom2026, leadTime, orderType) => {
            const now = new Date(Date.UTC(2026, 0, 1) + minutesFrom2026 * 60_000 + 17_000);
            const products = leadTime
              ? [{ isLeadTimeEnabled: true, leadTimeType: leadTime.type, leadTimeValue: leadTime.value }]
              : [];
            const b = makeBranch({
              openingHours: rules,
              deliveryHours: rules.slice(0, 1),
              isDeliveryHoursEnabled: true,
            });
            const h = hoursForOrderType(b, orderType);
            const earliest = earliestAppointment({ now, products, timeZone: VIENNA });
            for (const day of availableDays(h, earliest, 10)) {
              for (const window of day.windows) {
                for (const slot of [...appointmentSlots(window), window.to]) {
                  expect(slot.getTime()).toBeGreaterThanOrEqual(earliest.getTime());
                  expect(isOpenAt(h, slot)).toBe(true);
                  expect(
                    validateAppointment({ branch: b, orderType, appointment: slot, now, products }),
                  ).toBeNull();
                }
              }
            }
          },
        ),
        { numRuns: 60 },
      );
    });
  });

  describe(appointmentDateLabel.name, () => {
    const now = at('2026-03-24', '20:00');

    it('reads Heute, Morgen or the date', () => {
      expect(appointmentDateLabel(at('2026-03-24', '21:00'), now, VIENNA)).toBe('Heute');
      expect(appointmentDateLabel(at('2026-03-25', '09:00'), now, VIENNA)).toBe('Morgen');
      expect(appointmentDateLabel(at('2026-03-27', '09:00'), now, VIENNA)).toBe('27.03.2026');
    });

    it('reads "So bald wie möglich" without a date, or "Keine Angabe" when an appointment is required', () => {
      expect(appointmentDateLabel(null, now)).toBe('So bald wie möglich');
      expect(appointmentDateLabel(undefined, now, VIENNA, true)).toBe('Keine Angabe');
    });
  });
});

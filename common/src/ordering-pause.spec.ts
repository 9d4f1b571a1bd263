import { earliestAppointment, validateAppointment } from './appointments.js';
import { closedNotice, toApiErrors, validateCheckout } from './checkout.js';
import type { OrderingPause } from './contract/branch.js';
import {
  activePause,
  busyExtraMinutes,
  pauseNotice,
  pauseSentence,
  refusingPause,
} from './ordering-pause.js';
import { makeBranch, rule } from './testing/fixtures.js';
import { fromLocal } from './zoned-time.js';

const VIENNA = 'Europe/Vienna';
const at = (time: string, date = '2026-11-26'): Date => {
  const [h, m] = time.split(':').map(Number);
  return fromLocal(date, h * 60 + m, VIENNA);
};
const pause = (overrides: Partial<OrderingPause> = {}): OrderingPause => ({
  until: at('18:30').toISOString(),
  orderTypes: null,
  message: '',
  allowPreorders: false,
  ...overrides,
});
const branchWith = (orderingPause: OrderingPause | null, extra = {}) =>
  makeBranch({
    openingHours: [rule('daily', '10:00', '22:00')],
    isDeliveryEnabled: true,
    orderingPause,
    ...extra,
  });

describe('ordering pause', () => {
  describe(activePause.name, () => {
    it('lasts until its end and is over at that moment', () => {
      const branch = branchWith(pause());
      expect(activePause(branch, at('18:29'))).not.toBeNull();
      expect(activePause(branch, at('18:30'))).toBeNull();
      expect(activePause(branchWith(null), at('12:00'))).toBeNull();
    });
  });

  describe(refusingPause.name, () => {
    it('refuses only the paused order types', () => {
      const branch = branchWith(pause({ orderTypes: ['delivery'] }));
      expect(refusingPause(branch, 'delivery', at('18:00'), null)).not.toBeNull();
      expect(refusingPause(branch, 'takeaway', at('18:00'), null)).toBeNull();
    });

    it('lets a pre-order for after the pause through only when the pause allows it', () => {
      const later = at('19:00');
      expect(refusingPause(branchWith(pause()), 'takeaway', at('18:00'), later)).not.toBeNull();
      const allowing = branchWith(pause({ allowPreorders: true }));
      expect(refusingPause(allowing, 'takeaway', at('18:00'), later)).toBeNull();
      expect(refusingPause(allowing, 'takeaway', at('18:00'), at('18:15'))).not.toBeNull();
    });
  });

  describe(pauseSentence.name, () => {
    it('names the time today, the weekday on another day and delivery when only delivery pauses', () => {
      expect(pauseSentence(pause(), at('18:00'), VIENNA)).toBe(
        'Wir nehmen gerade keine Bestellungen an – wieder ab 18:30 Uhr.',
      );
      expect(
        pauseSentence(pause({ until: at('11:00', '2026-11-27').toISOString() }), at('21:00'), VIENNA),
      ).toBe('Wir nehmen gerade keine Bestellungen an – wieder am Freitag ab 11:00 Uhr.');
      expect(pauseSentence(pause({ orderTypes: ['delivery'] }), at('18:00'), VIENNA)).toBe(
        'Wir nehmen gerade keine Lieferbestellungen an – wieder ab 18:30 Uhr.',
      );
    });
  });

  describe(pauseNotice.name, () => {
    it('adds the staff message and the pre-order hint; nothing for an uncovered type', () => {
      const branch = branchWith(
        pause({ message: 'Küche voll', allowPreorders: true, orderTypes: ['delivery'] }),
      );
      expect(pauseNotice(branch, 'delivery', at('18:00'))).toEqual([
        'Wir nehmen gerade keine Lieferbestellungen an – wieder ab 18:30 Uhr.',
        'Küche voll',
        'Sie können aber gerne für einen späteren Zeitpunkt vorbestellen.',
      ]);
      expect(pauseNotice(branch, 'takeaway', at('18:00'))).toEqual([]);
      expect(closedNotice(branch, 'delivery', at('18:00'))[0]).toContain('Lieferbestellungen');
      expect(pauseNotice(branch, 'delivery', at('18:00'), 'en')).toEqual([
        'We are not taking any delivery orders right now – again from 18:30.',
        'Küche voll',
        'You are welcome to pre-order for a later time.',
      ]);
    });
  });

  describe('validateCheckout', () => {
    it('puts the pause first while it lasts and drops it once over', () => {
      const branch = branchWith(pause());
      const form = {
        branch: { id: branch.id },
        items: [],
        paymentMethod: 'cash' as const,
        legalInstructions: true,
        privacyPolicy: true,
      };
      const context = { branch, config: { enableCash: true }, now: at('18:00'), itemsGross: 0 };
      const during = toApiErrors(validateCheckout(form as never, context as never));
      expect(during[0]!.message).toBe('Wir nehmen gerade keine Bestellungen an – wieder ab 18:30 Uhr.');
      const after = toApiErrors(validateCheckout(form as never, { ...context, now: at('18:31') } as never));
      expect(after.map((e) => e.message).join()).not.toContain('keine Bestellungen');
    });
  });
});

describe('busy mode', () => {
  const busy = { extraMinutes: 20, until: at('19:00').toISOString() };

  it('adds its minutes to the earliest time until it ends', () => {
    const branch = branchWith(null, { busyMode: busy });
    expect(busyExtraMinutes(branch, at('18:00'))).toBe(20);
    expect(busyExtraMinutes(branch, at('19:00'))).toBe(0);
    expect(earliestAppointment({ now: at('18:02'), extraMinutes: 20 })).toEqual(at('18:25'));
  });

  it('makes an appointment inside the extra time too early', () => {
    const branch = branchWith(null, { busyMode: busy });
    const check = (appointment: Date) =>
      validateAppointment({ branch, orderType: 'takeaway', appointment, now: at('18:00') });
    expect(check(at('18:10'))?.key).toBe('appointment.tooEarly');
    expect(check(at('18:20'))).toBeNull();
  });
});

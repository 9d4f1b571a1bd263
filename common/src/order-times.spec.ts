import { formatDayTime, orderTimes } from './order-times.js';

const VIENNA = 'Europe/Vienna';

describe('formatDayTime', () => {
  it('writes the weekday, the day and the time in the time zone', () => {
    // 17:30 UTC is 18:30 in Vienna on Friday, 27 November 2026.
    expect(formatDayTime(new Date('2026-11-27T17:30:00Z'), VIENNA)).toBe('Fr, 27.11. 18:30');
  });
});

describe('orderTimes', () => {
  it('says "so bald wie möglich" for an order without a wish, and no confirmed time yet', () => {
    expect(orderTimes({ appointmentDate: null, createdAt: '2026-11-26T11:40:00Z' }, VIENNA)).toEqual({
      wanted: 'so bald wie möglich',
      confirmed: null,
    });
  });

  it('gives the confirmed time of an "as soon as possible" order as the time of day on the day it came in', () => {
    expect(
      orderTimes(
        { appointmentDate: null, appointment: '2026-11-26T11:51:00Z', createdAt: '2026-11-26T11:20:00Z' },
        VIENNA,
      ),
    ).toEqual({ wanted: 'so bald wie möglich', confirmed: '12:51' });
  });

  it('gives the wish with its day and the confirmed time alone on that day', () => {
    expect(
      orderTimes(
        {
          appointmentDate: '2026-11-27T17:30:00Z',
          appointment: '2026-11-27T17:45:00Z',
          createdAt: '2026-11-26T09:00:00Z',
        },
        VIENNA,
      ),
    ).toEqual({ wanted: 'Fr, 27.11. 18:30', confirmed: '18:45' });
  });

  it('gives the confirmed time with its day when staff moved it to another day', () => {
    expect(
      orderTimes({ appointmentDate: '2026-11-27T17:30:00Z', appointment: '2026-11-28T10:00:00Z' }, VIENNA),
    ).toEqual({ wanted: 'Fr, 27.11. 18:30', confirmed: 'Sa, 28.11. 11:00' });
  });

  it('compares the days in the time zone, not in UTC', () => {
    // Ordered at 00:10 Vienna time on the 27th (23:10 UTC on the 26th), confirmed for 00:40 the same night.
    expect(
      orderTimes({ appointment: '2026-11-26T23:40:00Z', createdAt: '2026-11-26T23:10:00Z' }, VIENNA)
        .confirmed,
    ).toBe('00:40');
  });
});

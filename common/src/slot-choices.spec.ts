import { availableDays } from './appointments.js';
import type { OpeningHourRule } from './contract/branch.js';
import { splitSlotCapacity } from './slot-capacity.js';
import { dayChipLabel, groupByPartOfDay, slotButtonMinutes, slotChoices } from './slot-choices.js';
import { fromLocal } from './zoned-time.js';

const VIENNA = 'Europe/Vienna';
const at = (date: string, time: string): Date => {
  const [h, m] = time.split(':').map(Number);
  return fromLocal(date, h! * 60 + m!, VIENNA);
};
const daily = (from: string, to: string): OpeningHourRule => ({ type: 'daily', isClosed: false, from, to });

describe('slot choices', () => {
  it('offers the times on the slot grid, at least 15 and at most 30 minutes apart', () => {
    expect([5, 15, 20, 30, 60].map(slotButtonMinutes)).toEqual([15, 15, 20, 30, 30]);
    const free = [{ from: at('2026-11-20', '12:10'), to: at('2026-11-20', '13:00') }];
    expect(slotChoices(free, [], 15, VIENNA).map((slot) => slot.label)).toEqual([
      '12:15',
      '12:30',
      '12:45',
      '13:00',
    ]);
    // A window shorter than a step still offers its first time.
    const short = [{ from: at('2026-11-20', '12:05'), to: at('2026-11-20', '12:10') }];
    expect(slotChoices(short, [], 30, VIENNA).map((slot) => slot.label)).toEqual(['12:05']);
  });

  it('keeps full slots, marked full, between the free ones', () => {
    const [day] = availableDays(
      { rules: [daily('12:00', '13:30')], timeZone: VIENNA },
      at('2026-11-20', '08:00'),
      1,
    );
    const taken = new Map([[at('2026-11-20', '12:30').getTime(), 2]]);
    const { free, full } = splitSlotCapacity([day!], taken, { slotMinutes: 15, capacity: 2 });
    expect(full[0]!.windows).toEqual([{ from: at('2026-11-20', '12:30'), to: at('2026-11-20', '12:40') }]);
    const choices = slotChoices(free[0]!.windows, full[0]!.windows, 15, VIENNA);
    expect(choices.map((slot) => `${slot.label}${slot.isFull ? ' voll' : ''}`)).toEqual([
      '12:00',
      '12:15',
      '12:30 voll',
      '12:45',
      '13:00',
      '13:15',
    ]);
  });

  it('groups a long day by part of the day', () => {
    const free = [{ from: at('2026-11-20', '10:00'), to: at('2026-11-20', '21:30') }];
    const groups = groupByPartOfDay(slotChoices(free, [], 30, VIENNA), VIENNA);
    expect(groups.map((group) => [group.label, group.slots[0]!.label, group.slots.length])).toEqual([
      ['Vormittag', '10:00', 2],
      ['Mittag', '11:00', 6],
      ['Nachmittag', '14:00', 6],
      ['Abend', '17:00', 10],
    ]);
  });

  it('names the days Heute, Morgen, then by weekday and date', () => {
    expect(dayChipLabel('2026-11-20', '2026-11-20')).toEqual({ name: 'Heute', date: '20.11.' });
    expect(dayChipLabel('2026-11-21', '2026-11-20')).toEqual({ name: 'Morgen', date: '21.11.' });
    expect(dayChipLabel('2026-11-24', '2026-11-20')).toEqual({ name: 'Di', date: '24.11.' });
  });

  it("speaks English for the kiosk's English face", () => {
    const free = [{ from: at('2026-11-20', '10:00'), to: at('2026-11-20', '18:00') }];
    const groups = groupByPartOfDay(slotChoices(free, [], 30, VIENNA), VIENNA, 'en');
    expect(groups.map((group) => group.label)).toEqual(['Morning', 'Midday', 'Afternoon', 'Evening']);
    expect(dayChipLabel('2026-11-20', '2026-11-20', 'en')).toEqual({ name: 'Today', date: '20 Nov' });
    expect(dayChipLabel('2026-11-21', '2026-11-20', 'en')).toEqual({ name: 'Tomorrow', date: '21 Nov' });
    expect(dayChipLabel('2027-01-05', '2026-11-20', 'en')).toEqual({ name: 'Tue', date: '5 Jan' });
  });
});

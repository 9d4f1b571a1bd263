import { DatePickerState, longDateLabel, TimePickerState } from './pickers';

describe(DatePickerState.name, () => {
  const days = ['2026-03-03', '2026-03-04', '2026-04-01'];

  it('shows the month of the first bookable day with ISO weeks, Monday first', () => {
    const picker = new DatePickerState(days, '2026-03-02', null);
    expect(picker.title).toBe('März 2026');
    expect(picker.weeks[0].week).toBe(9);
    expect(picker.weeks[0].days[0].date).toBe('2026-02-23');
    const tuesday = picker.weeks[1].days[1];
    expect(tuesday).toMatchObject({ date: '2026-03-03', isAvailable: true });
    expect(picker.weeks[1].days[0]).toMatchObject({ date: '2026-03-02', isToday: true, isAvailable: false });
  });

  it('selects only bookable days, clears, and never goes back before this month', () => {
    const picker = new DatePickerState(days, '2026-03-02', null);
    picker.select('2026-03-05');
    expect(picker.selected).toBeNull();
    picker.select('2026-03-04');
    expect(picker.selected).toBe('2026-03-04');
    expect(picker.canSave).toBe(true);
    picker.clear();
    expect(picker.selected).toBeNull();

    expect(picker.canGoBack).toBe(false);
    picker.previousMonth();
    expect(picker.title).toBe('März 2026');
    picker.nextMonth();
    expect(picker.title).toBe('April 2026');
    picker.previousMonth();
    expect(picker.title).toBe('März 2026');
  });

  it('disables save for a chosen date that is no longer bookable', () => {
    const picker = new DatePickerState(days, '2026-03-02', '2026-03-10');
    expect(picker.canSave).toBe(false);
  });
});

describe(longDateLabel.name, () => {
  it('names the weekday and the German date', () => {
    expect(longDateLabel('2026-03-03')).toBe('Dienstag, 3. März 2026');
  });
});

describe(TimePickerState.name, () => {
  // Tuesday 3 March 2026 in Vienna (UTC+1): 11:00–14:25 and 17:00–21:55.
  const windows = [
    { from: new Date('2026-03-03T10:00:00Z'), to: new Date('2026-03-03T13:25:00Z') },
    { from: new Date('2026-03-03T16:00:00Z'), to: new Date('2026-03-03T20:55:00Z') },
  ];

  it('starts at the first window, steps minutes by 5 and saves only inside a window', () => {
    const picker = new TimePickerState('2026-03-03', windows, 'Europe/Vienna', null);
    expect([picker.hour, picker.minute]).toEqual([11, 0]);
    expect(picker.canSave).toBe(true);
    picker.changeMinute(-1);
    expect([picker.hour, picker.minute]).toEqual([11, 55]);
    picker.changeHour(3);
    expect(picker.hour).toBe(14);
    expect(picker.canSave).toBe(false); // 14:55 is after 14:25
    picker.jumpTo(picker.windowLabels[1].toTime);
    expect([picker.hour, picker.minute]).toEqual([21, 55]);
    expect(picker.time.toISOString()).toBe('2026-03-03T20:55:00.000Z');
    expect(picker.canSave).toBe(true);
    expect(picker.windowLabels.map((w) => `${w.from}–${w.to}`)).toEqual(['11:00–14:25', '17:00–21:55']);
  });

  it('has nothing to offer on a day without windows', () => {
    const picker = new TimePickerState('2026-03-03', [], 'Europe/Vienna', null);
    expect(picker.hasWindows).toBe(false);
    expect(picker.canSave).toBe(false);
  });
});

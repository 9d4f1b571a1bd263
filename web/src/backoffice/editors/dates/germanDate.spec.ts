import {
  dateProblem,
  formatGermanDate,
  joinInstant,
  parseGermanDate,
  parseGermanTime,
  splitInstant,
  timeProblem,
} from './germanDate';

describe('German date and time inputs', () => {
  it('reads TT.MM.JJJJ and its short forms, refuses days that do not exist', () => {
    expect(parseGermanDate('24.12.2026')).toBe('2026-12-24');
    expect(parseGermanDate(' 1.3.2026 ')).toBe('2026-03-01');
    expect(parseGermanDate('24.12.26')).toBe('2026-12-24');
    expect(parseGermanDate('24122026')).toBe('2026-12-24');
    expect(parseGermanDate('29.02.2028')).toBe('2028-02-29');
    expect(parseGermanDate('')).toBeNull();
    for (const bad of [
      '31.02.2026',
      '29.02.2027',
      '12/24/2026x',
      '2026-12-24',
      '0.1.2026',
      '1.13.2026',
      'morgen',
    ])
      expect(parseGermanDate(bad)).toBeUndefined();
  });

  it('writes dates the German way', () => {
    expect(formatGermanDate('2026-03-01')).toBe('01.03.2026');
    expect(formatGermanDate('2026-03-01T10:00:00.000Z')).toBe('01.03.2026');
    expect(formatGermanDate(null)).toBe('');
  });

  it('reads 24-hour times: 9:30, 09.30, 0930, 18 Uhr; refuses 24:00 and 9:75', () => {
    expect(parseGermanTime('9:30')).toBe('09:30');
    expect(parseGermanTime('09.30')).toBe('09:30');
    expect(parseGermanTime('0930')).toBe('09:30');
    expect(parseGermanTime('18 Uhr')).toBe('18:00');
    expect(parseGermanTime('23:59')).toBe('23:59');
    expect(parseGermanTime('')).toBeNull();
    for (const bad of ['24:00', '9:75', '6 pm', '6:30 PM', '1:2'])
      expect(parseGermanTime(bad)).toBeUndefined();
  });

  it('splits an instant into the local date and time and joins them back', () => {
    const iso = joinInstant('2026-12-24', '18:30');
    expect(splitInstant(iso)).toEqual({ date: '2026-12-24', time: '18:30' });
    expect(splitInstant('')).toBeNull();
    expect(splitInstant('kein Datum')).toBeNull();
  });

  it('names the field in its messages', () => {
    expect(dateProblem('Gültig ab')).toBe(
      'Gültig ab: Bitte ein Datum im Format TT.MM.JJJJ eingeben (z. B. 24.12.2026).',
    );
    expect(timeProblem('Beginn')).toContain('Beginn: ');
  });
});

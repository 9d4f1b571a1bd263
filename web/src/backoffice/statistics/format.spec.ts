import {
  changeTenths,
  compare,
  formatCount,
  formatEuro,
  formatMinutes,
  formatQuantity,
  formatRange,
  formatShortDay,
} from './format';

describe('statistics format', () => {
  it('writes counts, money and hours the German way', () => {
    expect(formatCount(12345)).toBe('12.345');
    expect(formatCount(2.5)).toBe('2,5');
    expect(formatEuro(1234.5)).toBe('1.234,50\u00a0€');
    expect(formatEuro(88.8)).toBe('88,80\u00a0€');
    expect(formatMinutes(450)).toBe('7:30\u00a0Std.');
    expect(formatMinutes(-75)).toBe('−1:15\u00a0Std.');
  });

  it('writes days, ranges and quantities', () => {
    expect(formatShortDay('2026-12-01')).toBe('Di, 01.12.');
    expect(formatRange('2026-12-01', '2026-12-07')).toBe('01.12.2026 – 07.12.2026');
    expect(formatRange('2026-12-01', '2026-12-01')).toBe('01.12.2026');
    expect(formatQuantity(4, 'piece')).toMatch(/^4\u00a0/);
  });

  describe('comparison with the previous period', () => {
    it('computes the change in tenths of a percent exactly, rounding half away from zero', () => {
      expect(changeTenths(11250, 10000)).toBe(125); // 112,50 € against 100,00 €: +12,5 %
      expect(changeTenths(1, 3)).toBe(-667); // −66,66… %
      expect(changeTenths(2, 3)).toBe(-333);
      expect(changeTenths(1001, 800)).toBe(251); // 25,125 % → 25,1 %
      expect(changeTenths(1003, 800)).toBe(254); // 25,375 % → 25,4 %
      expect(changeTenths(2001, 2000)).toBe(1); // 0,05 %: the half rounds up, not down
      expect(changeTenths(1999, 2000)).toBe(-1); // −0,05 %: and away from zero when negative
      expect(changeTenths(5, 5)).toBe(0);
      expect(changeTenths(5, 0)).toBeNull();
      // Cents where floats fail: 0,1 + 0,2 ≠ 0,3, but 30 cents against 20 is +50 %.
      expect(changeTenths(30, 20)).toBe(500);
      expect(() => changeTenths(0.3, 0.2)).toThrow(RangeError);
    });

    it('writes the change for the key figure, money compared in cents', () => {
      expect(compare(112.5, 100, { money: true })).toEqual({
        text: '+12,5\u00a0% ggü. Vorperiode',
        tone: 'good',
      });
      // 0,1 + 0,2 EUR against 0,3 EUR is no change, though 0.1 + 0.2 !== 0.3 in floating point.
      expect(compare(0.1 + 0.2, 0.3, { money: true })).toEqual({
        text: '± 0\u00a0% ggü. Vorperiode',
        tone: 'same',
      });
      expect(compare(3, 4)).toEqual({ text: '−25\u00a0% ggü. Vorperiode', tone: 'bad' });
      expect(compare(4, 2, { moreIsBetter: false })).toEqual({
        text: '+100\u00a0% ggü. Vorperiode',
        tone: 'bad',
      });
      expect(compare(19.9, 0, { money: true })).toEqual({ text: 'Vorperiode: 0,00\u00a0€', tone: 'same' });
      expect(compare(2, 0, { moreIsBetter: false })).toEqual({ text: 'Vorperiode: 0', tone: 'same' });
      expect(compare(0, 0)).toEqual({ text: '± 0\u00a0% ggü. Vorperiode', tone: 'same' });
    });
  });
});

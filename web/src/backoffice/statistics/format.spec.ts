import {
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
    expect(formatEuro(1234.5)).toBe('1.234,50\u00a0EUR');
    expect(formatEuro(88.8)).toBe('88,80\u00a0EUR');
    expect(formatMinutes(450)).toBe('7:30\u00a0Std.');
    expect(formatMinutes(-75)).toBe('−1:15\u00a0Std.');
  });

  it('writes days, ranges and quantities', () => {
    expect(formatShortDay('2026-12-01')).toBe('Di, 01.12.');
    expect(formatRange('2026-12-01', '2026-12-07')).toBe('01.12.2026 – 07.12.2026');
    expect(formatRange('2026-12-01', '2026-12-01')).toBe('01.12.2026');
    expect(formatQuantity(4, 'piece')).toMatch(/^4\u00a0/);
  });
});

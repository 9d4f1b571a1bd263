import { formatBytes, formatSeconds } from './file-size.js';

describe('file sizes and lengths in German', () => {
  it('writes bytes, kB and MB with a decimal comma', () => {
    expect(formatBytes(820)).toBe('820 B');
    expect(formatBytes(320 * 1024)).toBe('320 kB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1,5 MB');
    expect(formatBytes(15 * 1024 * 1024)).toBe('15 MB');
  });

  it('writes seconds below a minute, minutes and seconds above', () => {
    expect(formatSeconds(12.44)).toBe('12,4 s');
    expect(formatSeconds(3)).toBe('3 s');
    expect(formatSeconds(59.97)).toBe('1 min');
    expect(formatSeconds(125.2)).toBe('2 min 5 s');
  });
});

import { toE164 } from './phone.js';

describe('toE164', () => {
  it.each([
    ['0664 123 45 67', '+436641234567'],
    ['+43 (664) 123-45-67', '+436641234567'],
    ['0043 664 1234567', '+436641234567'],
    ['+49 30 1234567', '+49301234567'],
    ['01/5123456', '+4315123456'],
  ])('writes %s as %s (country code 43)', (raw, expected) => {
    expect(toE164(raw, '43')).toBe(expected);
  });

  it('uses the configured country code for national numbers', () => {
    expect(toE164('079 123 45 67', '41')).toBe('+41791234567');
  });

  it.each([null, '', '664 1234567', '+43 12', '0664 abc', '+0 664 1234567', '+43 6641234567890123'])(
    'refuses %p, which cannot be an E.164 number',
    (raw) => {
      expect(toE164(raw, '43')).toBeNull();
    },
  );
});

import { isLinkablePhone, telHref, toE164, whatsAppHref } from './phone.js';

describe('phone', () => {
  describe(toE164.name, () => {
    it.each([
      ['0664 123 45 67', '+436641234567'],
      ['+43 (664) 123-45-67', '+436641234567'],
      ['0043 664 1234567', '+436641234567'],
      ['+49 30 1234567', '+49301234567'],
      ['01/5123456', '+4315123456'],
    ])('writes %s as %s (country code 43)', (raw, expected) => {
      expect(toE164(raw, '43')).toBe(expected);
    });

    it('uses the given country code for national numbers', () => {
      expect(toE164('079 123 45 67', '41')).toBe('+41791234567');
      expect(toE164('030 1234567', '49')).toBe('+49301234567');
    });

    it.each([null, '', '664 1234567', '+43 12', '0664 abc', '+0 664 1234567', '+43 6641234567890123'])(
      'refuses %p, which cannot be an E.164 number',
      (raw) => {
        expect(toE164(raw, '43')).toBeNull();
      },
    );
  });

  describe(telHref.name, () => {
    it.each([
      ['+49 30 1234567', '49', 'tel:+49301234567'],
      ['030 / 123 45 67', '49', 'tel:+49301234567'],
      ['0049 30 1234567', '43', 'tel:+49301234567'],
      ['+43 316 271 440', '49', 'tel:+43316271440'],
      ['0316 271440', '43', 'tel:+43316271440'],
    ])('links %s (country %s) as %s', (raw, country, expected) => {
      expect(telHref(raw, country)).toBe(expected);
    });

    it('gives no link for junk', () => {
      expect(telHref('bitte anrufen', '49')).toBeNull();
      expect(telHref('12345', '49')).toBeNull();
    });
  });

  describe(whatsAppHref.name, () => {
    it.each([
      ['+49 171 1234567', '49', 'https://wa.me/491711234567'],
      ['0171 1234567', '49', 'https://wa.me/491711234567'],
      ['0049 171 1234567', '43', 'https://wa.me/491711234567'],
      ['+43 664 1234567', '49', 'https://wa.me/436641234567'],
      ['0664 123 45 67', '43', 'https://wa.me/436641234567'],
    ])('links %s (country %s) as %s: no plus, no leading zero', (raw, country, expected) => {
      expect(whatsAppHref(raw, country)).toBe(expected);
    });

    it('never builds the broken "0…" form of a "+49…" number', () => {
      expect(whatsAppHref('+49 171 1234567', '49')).not.toMatch(/wa\.me\/0/);
    });

    it('gives no link for junk', () => {
      expect(whatsAppHref('WhatsApp: gern!', '49')).toBeNull();
      expect(whatsAppHref('+0 171 1234567', '49')).toBeNull();
    });
  });

  describe(isLinkablePhone.name, () => {
    it('accepts empty and every number a link can reach', () => {
      expect(isLinkablePhone('')).toBe(true);
      expect(isLinkablePhone(null)).toBe(true);
      expect(isLinkablePhone('+49 30 1234567')).toBe(true);
      expect(isLinkablePhone('0316 271440')).toBe(true);
    });

    it('refuses junk, a number without prefix and one too short', () => {
      expect(isLinkablePhone('abc')).toBe(false);
      expect(isLinkablePhone('271440')).toBe(false);
      expect(isLinkablePhone('+43 12')).toBe(false);
    });
  });
});

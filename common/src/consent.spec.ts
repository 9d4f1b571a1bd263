import {
  CONSENT_COOKIE,
  CONSENT_VERSION,
  consentAllows,
  consentChoice,
  parseConsent,
  readCookieValue,
  serializeConsent,
} from './consent.js';

const NOW = new Date('2026-11-26T19:50:00.000Z');

describe('consent', () => {
  describe(consentChoice.name, () => {
    it('keeps known purposes once, in the list order, with the version and the time', () => {
      expect(consentChoice(['marketing', 'maps', 'maps', 'video'], NOW)).toEqual({
        version: CONSENT_VERSION,
        purposes: ['maps', 'marketing'],
        decidedAt: '2026-11-26T19:50:00.000Z',
      });
    });
  });

  describe(serializeConsent.name, () => {
    it('writes version, purposes and time in a cookie-safe value that reads back the same', () => {
      const all = consentChoice(['maps', 'statistics', 'marketing'], NOW);
      expect(serializeConsent(all)).toBe(
        `${CONSENT_VERSION}|maps+statistics+marketing|2026-11-26T19:50:00.000Z`,
      );
      expect(parseConsent(serializeConsent(all))).toEqual(all);
      const none = consentChoice([], NOW);
      expect(serializeConsent(none)).toBe(`${CONSENT_VERSION}||2026-11-26T19:50:00.000Z`);
      expect(parseConsent(serializeConsent(none))).toEqual(none);
    });
  });

  describe(parseConsent.name, () => {
    it('is no choice when the value is missing, malformed or of the old single-button banner', () => {
      expect(parseConsent(undefined)).toBeNull();
      expect(parseConsent('')).toBeNull();
      expect(parseConsent('true')).toBeNull();
      expect(parseConsent(`${CONSENT_VERSION}|maps`)).toBeNull();
      expect(parseConsent(`${CONSENT_VERSION}|maps|gestern`)).toBeNull();
    });

    it('asks again when the purpose list changed (another version)', () => {
      expect(parseConsent(`${CONSENT_VERSION - 1}|maps|2026-11-26T19:50:00.000Z`)).toBeNull();
      expect(parseConsent(`${CONSENT_VERSION + 1}|maps|2026-11-26T19:50:00.000Z`)).toBeNull();
    });

    it('never grants a purpose it does not know', () => {
      expect(parseConsent(`${CONSENT_VERSION}|maps+video|2026-11-26T19:50:00Z`)?.purposes).toEqual(['maps']);
    });
  });

  describe(consentAllows.name, () => {
    it('reads the consent cookie from a Cookie header and answers per purpose', () => {
      const header = `a=1; ${CONSENT_COOKIE}=${encodeURIComponent(`${CONSENT_VERSION}|statistics|2026-11-26T19:50:00.000Z`)}; b=2`;
      expect(consentAllows(header, 'statistics')).toBe(true);
      expect(consentAllows(header, 'maps')).toBe(false);
      expect(consentAllows(`${CONSENT_COOKIE}=true`, 'statistics')).toBe(false);
      expect(consentAllows(undefined, 'statistics')).toBe(false);
    });
  });

  describe(readCookieValue.name, () => {
    it('finds a cookie among others and decodes its value', () => {
      expect(readCookieValue('a=1; b=x%20y; c=', 'b')).toBe('x y');
      expect(readCookieValue('a=1; c=', 'c')).toBe('');
      expect(readCookieValue('ab=1', 'a')).toBeNull();
      expect(readCookieValue('a=%E0%A4%A', 'a')).toBe('%E0%A4%A');
    });
  });
});

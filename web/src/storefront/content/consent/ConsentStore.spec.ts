import { CONSENT_COOKIE, CONSENT_VERSION } from '@ordering/common';
import { autorun } from 'mobx';
import { ConsentStore, memoryCookieJar } from './ConsentStore';

const NOW = new Date('2026-11-26T19:50:00.000Z');
const stored = (purposes: string, version = CONSENT_VERSION) =>
  `other=1; ${CONSENT_COOKIE}=${encodeURIComponent(`${version}|${purposes}|2026-10-01T08:00:00.000Z`)}`;
const setup = (cookie = '', secure = false) => {
  const jar = memoryCookieJar(cookie, secure);
  return { jar, consent: new ConsentStore(jar, () => NOW) };
};

describe(ConsentStore.name, () => {
  describe('constructor', () => {
    it('shows the first layer and allows nothing when no choice is stored', () => {
      const { consent } = setup('pwa-dismiss=true');
      expect(consent.layer).toBe('first');
      expect(consent.decided).toBe(false);
      expect([consent.maps, consent.statistics, consent.marketing]).toEqual([false, false, false]);
    });

    it('reads a stored choice of the current version and stays hidden', () => {
      const { consent } = setup(stored('maps+marketing'));
      expect(consent.isBannerVisible).toBe(false);
      expect([consent.maps, consent.statistics, consent.marketing]).toEqual([true, false, true]);
    });

    it('asks again when the choice was made under another purpose list or by the old banner', () => {
      expect(setup(stored('maps+statistics+marketing', CONSENT_VERSION - 1)).consent.layer).toBe('first');
      expect(setup(`${CONSENT_COOKIE}=true`).consent.layer).toBe('first');
      expect(setup(`${CONSENT_COOKIE}=true`).consent.maps).toBe(false);
    });
  });

  describe('acceptAll', () => {
    it('allows every purpose and stores choice, version and time for 365 days on the whole site', () => {
      const { jar, consent } = setup();
      const seen: boolean[] = [];
      autorun(() => seen.push(consent.isBannerVisible));
      consent.acceptAll();
      expect(jar.cookie).toBe(
        `${CONSENT_COOKIE}=${encodeURIComponent(`${CONSENT_VERSION}|maps+statistics+marketing|2026-11-26T19:50:00.000Z`)}; Max-Age=31536000; Path=/; SameSite=Lax`,
      );
      expect(seen).toEqual([true, false]);
      expect([consent.maps, consent.statistics, consent.marketing]).toEqual([true, true, true]);
    });

    it('marks the cookie Secure over HTTPS', () => {
      const { jar, consent } = setup('', true);
      consent.acceptAll();
      expect(jar.cookie).toMatch(/; Secure$/);
    });
  });

  describe('offered', () => {
    it('leaves out what the shop does not use (no ad pixel: no "Marketing"), also for "Alle akzeptieren"', () => {
      const jar = memoryCookieJar();
      let offer: readonly ('maps' | 'statistics' | 'marketing')[] = ['maps', 'statistics'];
      const consent = new ConsentStore(
        jar,
        () => NOW,
        () => offer,
      );
      expect(consent.offered).toEqual(['maps', 'statistics']);
      consent.openSettings();
      consent.setDraft('marketing', true);
      consent.saveDraft();
      expect(consent.marketing).toBe(false);
      consent.acceptAll();
      expect([consent.maps, consent.statistics, consent.marketing]).toEqual([true, true, false]);
      expect(decodeURIComponent(jar.cookie)).toContain('|maps+statistics|');
      // A pixel configured later: offered, but not allowed until the visitor chooses it.
      offer = ['maps', 'statistics', 'marketing'];
      expect(
        new ConsentStore(
          jar,
          () => NOW,
          () => offer,
        ).offered,
      ).toEqual(['maps', 'statistics', 'marketing']);
      expect(consent.marketing).toBe(false);
    });
  });

  describe('necessaryOnly', () => {
    it('stores an empty choice, so the banner stays closed and nothing is allowed', () => {
      const { jar, consent } = setup();
      consent.necessaryOnly();
      expect(jar.cookie).toContain(encodeURIComponent(`${CONSENT_VERSION}||2026-11-26T19:50:00.000Z`));
      expect(consent.decided).toBe(true);
      expect(consent.isBannerVisible).toBe(false);
      expect([consent.maps, consent.statistics, consent.marketing]).toEqual([false, false, false]);
      // The stored value reads back as a choice: the next page load does not ask again.
      expect(new ConsentStore(memoryCookieJar(jar.cookie.split(';')[0]!)).decided).toBe(true);
    });

    it('withdraws what was allowed at once (observers see it)', () => {
      const { consent } = setup(stored('maps+statistics+marketing'));
      const maps: boolean[] = [];
      autorun(() => maps.push(consent.maps));
      consent.openSettings();
      consent.necessaryOnly();
      expect(maps).toEqual([true, false]);
      expect(consent.statistics).toBe(false);
    });
  });

  describe('openSettings', () => {
    it('shows the switches as stored, all off before any choice, and saves only what is switched on', () => {
      const { consent } = setup();
      consent.openSettings();
      expect(consent.layer).toBe('settings');
      expect(consent.draft).toEqual({ maps: false, statistics: false, marketing: false });
      consent.setDraft('statistics', true);
      expect(consent.statistics).toBe(false); // not before "Auswahl speichern"
      consent.saveDraft();
      expect([consent.maps, consent.statistics, consent.marketing]).toEqual([false, true, false]);
      expect(consent.layer).toBe('hidden');
    });

    it('reopened from the footer, shows the current choice; closing keeps it', () => {
      const { consent } = setup(stored('maps'));
      consent.openSettings();
      expect(consent.draft).toEqual({ maps: true, statistics: false, marketing: false });
      consent.setDraft('maps', false);
      consent.closeSettings();
      expect(consent.layer).toBe('hidden');
      expect(consent.maps).toBe(true);
    });
  });

  describe('suspend', () => {
    it('allows nothing while the kiosk is shown, whatever the device stored, and restores it after', () => {
      const { consent } = setup(stored('maps+statistics+marketing'));
      const resume = consent.suspend();
      expect([consent.maps, consent.statistics, consent.marketing]).toEqual([false, false, false]);
      resume();
      expect(consent.statistics).toBe(true);
    });
  });

  describe('grant', () => {
    it('adds one purpose to the stored choice (the map stand-in), keeping the others', () => {
      const { jar, consent } = setup(stored('statistics'));
      consent.grant('maps');
      expect([consent.maps, consent.statistics, consent.marketing]).toEqual([true, true, false]);
      expect(jar.cookie).toContain(encodeURIComponent(`${CONSENT_VERSION}|maps+statistics|`));
    });
  });
});

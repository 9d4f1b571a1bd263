import { autorun } from 'mobx';
import { CONSENT_COOKIE, ConsentStore, memoryCookieJar, readCookie } from './ConsentStore';

describe(ConsentStore.name, () => {
  describe('constructor', () => {
    it('shows the banner when the consent cookie is missing', () => {
      const consent = new ConsentStore(memoryCookieJar('pwa-dismiss=true; other=1'));
      expect(consent.accepted).toBe(false);
      expect(consent.isBannerVisible).toBe(true);
    });

    it('counts any value of the cookie as consent (the specification asks whether it exists)', () => {
      const consent = new ConsentStore(memoryCookieJar(`a=1; ${CONSENT_COOKIE}=1`));
      expect(consent.accepted).toBe(true);
      expect(consent.isBannerVisible).toBe(false);
    });
  });

  describe('accept', () => {
    it('writes the cookie for 365 days on the whole site, SameSite=Lax, and hides the banner', () => {
      const jar = memoryCookieJar();
      const consent = new ConsentStore(jar);
      const seen: boolean[] = [];
      autorun(() => seen.push(consent.isBannerVisible));
      consent.accept();
      expect(jar.cookie).toBe('cookie-banner-acceptance-state=true; Max-Age=31536000; Path=/; SameSite=Lax');
      expect(seen).toEqual([true, false]);
      expect(consent.accepted).toBe(true);
    });

    it('marks the cookie Secure over HTTPS', () => {
      const jar = memoryCookieJar('', true);
      new ConsentStore(jar).accept();
      expect(jar.cookie).toMatch(/; Secure$/);
    });
  });

  describe(readCookie.name, () => {
    it('finds a cookie among others and decodes its value', () => {
      expect(readCookie('a=1; b=x%20y; c=', 'b')).toBe('x y');
      expect(readCookie('a=1; c=', 'c')).toBe('');
      expect(readCookie('ab=1', 'a')).toBeNull();
    });
  });
});

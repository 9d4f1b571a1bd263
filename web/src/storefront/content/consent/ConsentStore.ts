import { makeAutoObservable } from 'mobx';

/** Name of the consent cookie (spec section 9). */
export const CONSENT_COOKIE = 'cookie-banner-acceptance-state';
/** Its lifetime (spec section 9: 365 days), in seconds. */
export const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;

/** What the store needs of `document`: the cookie string and whether the page came over HTTPS. */
export interface CookieJar {
  cookie: string;
  readonly secure: boolean;
}

/** The browser's cookies (`document.cookie`). */
export function browserCookieJar(doc: Document = document): CookieJar {
  return {
    get cookie() {
      return doc.cookie;
    },
    set cookie(value: string) {
      doc.cookie = value;
    },
    get secure() {
      return doc.location?.protocol === 'https:';
    },
  };
}

/** A cookie jar in memory (tests, server rendering). */
export function memoryCookieJar(initial = '', secure = false): CookieJar {
  return { cookie: initial, secure };
}

/** Reads one cookie's value from a `document.cookie` string. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Cookie consent (spec section 4): the banner shows until the visitor accepts; acceptance is kept for 365
 * days in the cookie `cookie-banner-acceptance-state` (value `true`, path `/`, SameSite=Lax, Secure over
 * HTTPS). Maps, the analytics log and commerce tracking ask {@link accepted} before they do anything.
 */
export class ConsentStore {
  accepted: boolean;

  constructor(private readonly jar: CookieJar) {
    // Any value counts: the specification asks whether the cookie exists.
    this.accepted = readCookie(jar.cookie, CONSENT_COOKIE) !== null;
    makeAutoObservable<ConsentStore, 'jar'>(this, { jar: false }, { autoBind: true });
  }

  /** Whether the banner shows (it does until accepted). */
  get isBannerVisible(): boolean {
    return !this.accepted;
  }

  accept(): void {
    const attributes = [`Max-Age=${CONSENT_MAX_AGE_S}`, 'Path=/', 'SameSite=Lax'];
    if (this.jar.secure) attributes.push('Secure');
    this.jar.cookie = `${CONSENT_COOKIE}=true; ${attributes.join('; ')}`;
    this.accepted = true;
  }
}

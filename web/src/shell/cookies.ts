/** The consent cookie the cookie banner sets (spec section 9: 365 days; its value: common's consent.ts). */
export { CONSENT_COOKIE } from '@ordering/common';
/** The install prompt's dismissal cookie (spec section 9: one month). */
export const PWA_DISMISS_COOKIE = 'pwa-dismiss';
/** The window event the cookie banner dispatches on the visitor's first choice (the install prompt follows it). */
export const CONSENT_ACCEPTED_EVENT = 'cookie-consent-accepted';

/** Reading and writing `document.cookie`; tests pass a map. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, expires: Date): void;
}

/** The value of one cookie in a `document.cookie` string. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The `document.cookie` line of a first-party cookie for the whole site. */
export function cookieLine(name: string, value: string, expires: Date, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Expires=${expires.toUTCString()}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The same calendar day one month later (31 January → the last day of February). */
export function oneMonthAfter(date: Date): Date {
  const result = new Date(date.getTime());
  const day = result.getDate();
  result.setDate(1);
  result.setMonth(result.getMonth() + 1);
  const lastDay = new Date(result.getFullYear(), result.getMonth() + 1, 0).getDate();
  result.setDate(Math.min(day, lastDay));
  return result;
}

export function browserCookies(doc: Document = document): CookieJar {
  return {
    get: (name) => readCookie(doc.cookie, name),
    set: (name, value, expires) => {
      doc.cookie = cookieLine(name, value, expires, doc.location?.protocol === 'https:');
    },
  };
}

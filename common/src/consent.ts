/**
 * Cookie consent (§25 TDDDG, Art. 7 DSGVO): the purposes a visitor can allow, the version of that list and
 * the stored choice. Shared by the storefront (banner, maps, analytics, ad pixel) and the backend (which
 * stores an analytics record only with the statistics consent).
 */

/** Name of the cookie that keeps the choice (spec section 9); a strictly necessary cookie. */
export const CONSENT_COOKIE = 'cookie-banner-acceptance-state';

/** How long a choice is kept (spec section 9: 365 days), in seconds; then the banner asks again. */
export const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The purposes that need consent, in the order the settings list them. Each is off until the visitor
 * allows it. `maps`: the map service's styles and tiles; `statistics`: the analytics log (page views,
 * events, commerce events); `marketing`: the ad pixel.
 */
export const CONSENT_PURPOSES = ['maps', 'statistics', 'marketing'] as const;

/** One purpose of {@link CONSENT_PURPOSES}. */
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * Version of the purpose list. Raise it whenever a purpose is added, removed or changes its meaning: a
 * choice made under another version counts as no choice, so the banner asks again. Version 1 was the old
 * banner's single "Akzeptieren" (cookie value `true`).
 */
export const CONSENT_VERSION = 2;

/** A visitor's choice: what was allowed, under which version of the list, and when. */
export interface ConsentChoice {
  version: number;
  /** The allowed purposes, in the order of {@link CONSENT_PURPOSES}; empty for "Nur notwendige". */
  purposes: ConsentPurpose[];
  /** When the choice was made (ISO 8601, UTC). */
  decidedAt: string;
}

function isPurpose(value: string): value is ConsentPurpose {
  return (CONSENT_PURPOSES as readonly string[]).includes(value);
}

/** A choice made now, its purposes de-duplicated and in the list's order; unknown names are dropped. */
export function consentChoice(purposes: Iterable<string>, now: Date): ConsentChoice {
  const wanted = new Set(purposes);
  return {
    version: CONSENT_VERSION,
    purposes: CONSENT_PURPOSES.filter((purpose) => wanted.has(purpose)),
    decidedAt: now.toISOString(),
  };
}

/**
 * The cookie value of a choice: `2|maps+statistics|2026-11-26T19:50:00.000Z` (only characters a cookie
 * value may hold, readable in the browser's tools).
 */
export function serializeConsent(choice: ConsentChoice): string {
  return `${choice.version}|${choice.purposes.join('+')}|${choice.decidedAt}`;
}

/**
 * Reads a stored choice. Missing, malformed and values of another version (the old `true` among them) are
 * `null`: no choice, the banner asks. Unknown purpose names are dropped, never granted.
 */
export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  if (!value) return null;
  const match = /^(\d+)\|([a-z+]*)\|(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z)$/.exec(value.trim());
  if (!match) return null;
  const version = Number(match[1]);
  if (version !== CONSENT_VERSION || Number.isNaN(Date.parse(match[3]!))) return null;
  const names = match[2] ? match[2].split('+') : [];
  return {
    version,
    purposes: CONSENT_PURPOSES.filter((purpose) => names.filter(isPurpose).includes(purpose)),
    decidedAt: match[3]!,
  };
}

/** Reads one cookie's value from a `Cookie` header or `document.cookie` string (decoded); `null` if absent. */
export function readCookieValue(cookies: string | null | undefined, name: string): string | null {
  for (const part of (cookies ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Whether a `Cookie` header (or `document.cookie`) carries a current choice that allows `purpose`. */
export function consentAllows(cookies: string | null | undefined, purpose: ConsentPurpose): boolean {
  return parseConsent(readCookieValue(cookies, CONSENT_COOKIE))?.purposes.includes(purpose) ?? false;
}

import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_S,
  CONSENT_PURPOSES,
  consentChoice,
  parseConsent,
  readCookieValue,
  serializeConsent,
  type ConsentChoice,
  type ConsentPurpose,
} from '@ordering/common';
import { makeAutoObservable } from 'mobx';

export { CONSENT_COOKIE, CONSENT_MAX_AGE_S };

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

/** A cookie jar in memory (tests, server rendering): keeps the last line written, as a browser would. */
export function memoryCookieJar(initial = '', secure = false): CookieJar {
  return { cookie: initial, secure };
}

/** Reads one cookie's value from a `document.cookie` string. */
export const readCookie = readCookieValue;

/** Which layer of the banner shows: none, the first (three buttons) or the settings (per purpose). */
export type ConsentLayer = 'hidden' | 'first' | 'settings';

/**
 * Cookie consent per purpose (docs/decisions/privacy.md, "Cookie consent"): maps, statistics and marketing,
 * each off until the visitor allows it. The choice, the purpose list's version and the time are kept for
 * 365 days in the cookie `cookie-banner-acceptance-state` (path `/`, SameSite=Lax, Secure over HTTPS),
 * which the backend reads too. No choice, or one of another version, shows the banner. Everything that
 * needs consent observes {@link allows}, so a withdrawal stops it at once, without a reload.
 */
export class ConsentStore {
  choice: ConsentChoice | null;
  /** The layer shown; the footer's "Cookie-Einstellungen" opens the settings again. */
  layer: ConsentLayer;
  /** The settings' switches before "Auswahl speichern". */
  draft: Record<ConsentPurpose, boolean>;
  /** While the kiosk is shown: nothing is allowed, whatever is stored. */
  suspended = false;

  constructor(
    private readonly jar: CookieJar,
    private readonly now: () => Date = () => new Date(),
    /** The purposes offered now: "Marketing" only with a configured ad pixel (a switch must do something). */
    private readonly offer: () => readonly ConsentPurpose[] = () => CONSENT_PURPOSES,
  ) {
    this.choice = parseConsent(readCookieValue(jar.cookie, CONSENT_COOKIE));
    this.layer = this.choice ? 'hidden' : 'first';
    this.draft = this.switchesOf(this.choice);
    makeAutoObservable<ConsentStore, 'jar' | 'now' | 'offer'>(
      this,
      { jar: false, now: false, offer: false },
      { autoBind: true },
    );
  }

  /** The purposes the settings list and "Alle akzeptieren" allows, in the list's order. */
  get offered(): readonly ConsentPurpose[] {
    const offer = this.offer();
    return CONSENT_PURPOSES.filter((purpose) => offer.includes(purpose));
  }

  /** Whether the visitor has decided under the current purpose list (any choice, "Nur notwendige" too). */
  get decided(): boolean {
    return this.choice !== null;
  }

  get isBannerVisible(): boolean {
    return this.layer !== 'hidden';
  }

  /** Whether `purpose` is allowed now. */
  allows(purpose: ConsentPurpose): boolean {
    return !this.suspended && (this.choice?.purposes.includes(purpose) ?? false);
  }

  /** The kiosk: allows nothing until the returned function ends it. */
  suspend(): () => void {
    this.suspended = true;
    return () => this.resume();
  }

  private resume(): void {
    this.suspended = false;
  }

  get maps(): boolean {
    return this.allows('maps');
  }

  get statistics(): boolean {
    return this.allows('statistics');
  }

  get marketing(): boolean {
    return this.allows('marketing');
  }

  /** "Alle akzeptieren". */
  acceptAll(): void {
    this.save(this.offered);
  }

  /** "Nur notwendige": nothing that needs consent (and a withdrawal of all that was allowed). */
  necessaryOnly(): void {
    this.save([]);
  }

  /** "Auswahl speichern": the settings' switches as they stand. */
  saveDraft(): void {
    this.save(this.offered.filter((purpose) => this.draft[purpose]));
  }

  /** One purpose allowed in place (the map's placeholder), the others as they were. */
  grant(purpose: ConsentPurpose): void {
    this.save([...(this.choice?.purposes ?? []), purpose]);
  }

  /** Stores a choice now and closes the banner. */
  save(purposes: Iterable<ConsentPurpose>): void {
    const choice = consentChoice(purposes, this.now());
    const attributes = [`Max-Age=${CONSENT_MAX_AGE_S}`, 'Path=/', 'SameSite=Lax'];
    if (this.jar.secure) attributes.push('Secure');
    this.jar.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(choice))}; ${attributes.join('; ')}`;
    this.choice = choice;
    this.draft = this.switchesOf(choice);
    this.layer = 'hidden';
  }

  setDraft(purpose: ConsentPurpose, on: boolean): void {
    this.draft[purpose] = on;
  }

  /** "Einstellungen" on the first layer, and the footer's "Cookie-Einstellungen". */
  openSettings(): void {
    this.draft = this.switchesOf(this.choice);
    this.layer = 'settings';
  }

  /** Closing the reopened settings without saving keeps the choice (only once one exists). */
  closeSettings(): void {
    this.layer = this.choice ? 'hidden' : 'first';
  }

  private switchesOf(choice: ConsentChoice | null): Record<ConsentPurpose, boolean> {
    return Object.fromEntries(
      CONSENT_PURPOSES.map((purpose) => [purpose, choice?.purposes.includes(purpose) ?? false]),
    ) as Record<ConsentPurpose, boolean>;
  }
}

import { AD_PIXEL_SCRIPT_URL, adPixelIdOf, type Cents, type Config } from '@ordering/common';
import { reaction } from 'mobx';
import type { ConsentStore } from '../consent/ConsentStore';

/** Meta's `fbq` as its base code defines it: a function that queues calls until the script has come. */
type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
  disablePushState?: boolean;
};

/** The globals the pixel's base code sets on `window`. */
interface PixelWindow {
  fbq?: Fbq;
  _fbq?: Fbq;
}

/** The cookies the pixel sets in the shop's name (Meta's first-party cookies). */
const PIXEL_COOKIES = ['_fbp', '_fbc'];

/**
 * The ad pixel (Meta Pixel; docs/decisions/legal.md, "Ad pixel"): its script is added to the page only
 * while a pixel id is configured and the visitor allows "Marketing", never before. It reports page views
 * (one per page of the app; its own history tracking is off) and the purchase on the order confirmation.
 * A withdrawal revokes it at once without a reload: Meta's documented `fbq('consent', 'revoke')` stops
 * its sending, the script element and globals go, its cookies are deleted, and nothing is reported again.
 */
export class AdPixelStore {
  private script: HTMLScriptElement | null = null;

  constructor(
    private readonly consent: ConsentStore,
    private readonly config: () => Config | null,
    /** The page the script goes into; none outside a browser (then nothing is ever loaded). */
    private readonly doc: Document | null = typeof document === 'undefined' ? null : document,
  ) {}

  /** The configured pixel id, or null. */
  get id(): string | null {
    return adPixelIdOf(this.config());
  }

  /** Whether the pixel may run now: an id is configured and the visitor allows marketing. */
  get active(): boolean {
    return this.id !== null && this.consent.marketing;
  }

  /** Loads or removes the pixel as consent and configuration change; returns the function that stops it. */
  start(): () => void {
    return reaction(
      () => (this.active ? this.id : null),
      (id) => (id ? this.load(id) : this.unload()),
      { fireImmediately: true },
    );
  }

  /** One page view (the app calls it per page while active). */
  pageView(): void {
    if (this.active) this.fbq()?.('track', 'PageView');
  }

  /** The purchase of a placed order: its gross value and currency (Meta's standard event `Purchase`). */
  purchase(valueCents: Cents | null, currency: string, orderUid: string): void {
    if (!this.active) return;
    const value = valueCents === null ? {} : { value: valueCents / 100 };
    this.fbq()?.('track', 'Purchase', { ...value, currency }, { eventID: orderUid });
  }

  private get win(): PixelWindow {
    return (this.doc?.defaultView ?? {}) as PixelWindow;
  }

  private fbq(): Fbq | undefined {
    return this.win.fbq;
  }

  /** Meta's base code (the queueing `fbq` and the async script), then `init` with the id. */
  private load(id: string): void {
    if (!this.doc) return;
    const win = this.win;
    if (!win.fbq) {
      const fbq = function (this: unknown, ...args: unknown[]) {
        if (fbq.callMethod) fbq.callMethod(...args);
        else fbq.queue.push(args);
      } as Fbq;
      fbq.push = fbq;
      fbq.loaded = true;
      fbq.version = '2.0';
      fbq.queue = [];
      // Page views come from the app, one per page; the pixel's own history tracking would double them.
      fbq.disablePushState = true;
      win.fbq = fbq;
      win._fbq ??= fbq;
    }
    if (!this.script) {
      const script = this.doc.createElement('script');
      script.async = true;
      script.src = AD_PIXEL_SCRIPT_URL;
      this.doc.head.appendChild(script);
      this.script = script;
    }
    win.fbq!('consent', 'grant');
    win.fbq!('init', id);
  }

  /** Withdrawn (or the id removed): revoke, remove the script and globals, delete the pixel's cookies. */
  private unload(): void {
    const win = this.win;
    if (!this.doc || (!win.fbq && !this.script)) return;
    win.fbq?.('consent', 'revoke');
    this.script?.remove();
    this.script = null;
    delete win.fbq;
    delete win._fbq;
    const host = this.doc.location?.hostname ?? '';
    const domains = ['', ...host.split('.').map((_, i, parts) => `; Domain=.${parts.slice(i).join('.')}`)];
    for (const name of PIXEL_COOKIES)
      for (const domain of domains) this.doc.cookie = `${name}=; Max-Age=0; Path=/${domain}`;
  }
}

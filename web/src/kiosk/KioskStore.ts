import type { OrderType, TerminalPayment } from '@ordering/common';
import { makeAutoObservable } from 'mobx';
import type { KioskLanguage } from './texts';

/** Idle time on a started order before "Sind Sie noch da?" (docs/decisions/app-shell.md). */
export const IDLE_WARNING_AFTER_MS = 60_000;
/** The question's countdown; then everything is reset. */
export const IDLE_COUNTDOWN_MS = 20_000;
/** Idle time without an order in progress before the screensaver returns. */
export const SCREENSAVER_AFTER_MS = 45_000;
/** How long the number of a placed order is shown before the screensaver returns. */
export const DONE_SHOWN_MS = 20_000;
/** How often the kiosk looks at the clock. */
export const KIOSK_TICK_MS = 1000;

/** What the kiosk does to the storefront's state; the browser app hands in the real stores. */
export interface KioskSession {
  /** Something the next customer must not see: items in the cart, a started form. */
  hasProgress(): boolean;
  /** Empties the cart, the stored order form and every open editor. */
  clearAll(): void;
}

export type KioskScreen = 'screensaver' | 'ordering' | 'paying' | 'done';

export interface KioskTimings {
  idleWarningAfterMs: number;
  countdownMs: number;
  screensaverAfterMs: number;
  doneShownMs: number;
}

/** What a kiosk device's settings change here (backend/src/devices/device-settings.ts). */
export interface KioskDeviceSettings {
  /** Idle seconds before the screensaver (nothing started) or "Sind Sie noch da?" (an order started). */
  idleTimeoutSeconds?: number;
  /** The order types this kiosk offers (a kiosk never delivers, docs/decisions/settings.md). */
  orderModes?: OrderType[];
  /** "Kartenterminal (Mollie)": with it the card is paid here, at the kiosk's terminal. */
  mollieTerminal?: string | null;
}

export interface PlacedOrder {
  /** What the customer listens for: the ticket number, else the short order number. */
  number: string;
  /** The number is a ticket number (else the order number). */
  isTicket: boolean;
  paymentMethod: string;
  /** The public status page of the order, shown as a QR code to follow it on a phone. */
  statusUrl?: string;
  /** Dine-in at a table the guest chose: the staff bring the order there (else they call the number). */
  table?: string | null;
  /** Paid by card at the kiosk's terminal already (nothing left to pay). */
  paid?: boolean;
}

/**
 * The self-service kiosk's session (spec section 2, "Screensaver 'tap to order'"): the screensaver at start
 * and after idle time, "Sind Sie noch da?" with a countdown for an idle customer mid-order, the big number
 * after an order, and a full reset (cart, stored form) whenever a customer leaves, so the next stranger
 * never sees the last one's order. Time comes from the injected clock; `tick` looks at it.
 */
export class KioskStore {
  screen: KioskScreen = 'screensaver';
  /** When the "Sind Sie noch da?" countdown ends; null while the question is not shown. */
  warningUntil: Date | null = null;
  placedOrder: PlacedOrder | null = null;
  /** The customer answered "Hier essen" or "Mitnehmen" (asked first, when the branch offers both). */
  orderTypeChosen = false;
  /** The guest's language; every new guest starts in German. */
  language: KioskLanguage = 'de';
  /** Rises with every reset; the layout navigates back to the start page on it. */
  resets = 0;
  now: Date;
  private lastActivity: Date;
  private doneAt: Date | null = null;
  private timings: KioskTimings;
  /** The order types the kiosk device offers; null without a device (all the branch offers). */
  orderModes: OrderType[] | null = null;
  /** The kiosk's Mollie terminal (device setting); null: the card is paid at the shop's own terminal. */
  terminal: string | null = null;
  /** A card payment at the kiosk's terminal in progress (screen `paying`). */
  payment: TerminalPayment | null = null;
  /** The table of the order being paid (for the final screen's promise). */
  private paymentTable: string | null = null;

  constructor(
    private readonly session: KioskSession,
    private readonly clock: () => Date,
    timings: Partial<KioskTimings> = {},
  ) {
    this.timings = {
      idleWarningAfterMs: IDLE_WARNING_AFTER_MS,
      countdownMs: IDLE_COUNTDOWN_MS,
      screensaverAfterMs: SCREENSAVER_AFTER_MS,
      doneShownMs: DONE_SHOWN_MS,
      ...timings,
    };
    this.now = clock();
    this.lastActivity = this.now;
    makeAutoObservable<KioskStore, 'session' | 'clock' | 'timings'>(
      this,
      { session: false, clock: false, timings: false },
      { autoBind: true },
    );
  }

  /**
   * A kiosk device's settings (from its heartbeat): `idleTimeoutSeconds` sets both the screensaver's and
   * the question's idle time, `orderModes` the order types offered.
   */
  applyDevice(settings: KioskDeviceSettings): void {
    const seconds = settings.idleTimeoutSeconds;
    if (typeof seconds === 'number' && seconds > 0) {
      this.timings = {
        ...this.timings,
        screensaverAfterMs: seconds * 1000,
        idleWarningAfterMs: seconds * 1000,
      };
    }
    this.orderModes = Array.isArray(settings.orderModes) ? settings.orderModes : null;
    this.terminal = typeof settings.mollieTerminal === 'string' ? settings.mollieTerminal : null;
  }

  /** A card order went to the kiosk's terminal: the waiting screen until Mollie says how it went. */
  startPayment(payment: TerminalPayment, table: string | null): void {
    this.session.clearAll();
    this.orderTypeChosen = false;
    this.paymentTable = table;
    this.screen = 'paying';
    this.warningUntil = null;
    this.touch();
    this.updatePayment(payment);
  }

  /**
   * The payment's state as the backend read it: paid (or switched to the counter) ends in the final
   * screen with the ticket number; waiting, failed and expired stay on the payment screen.
   */
  updatePayment(payment: TerminalPayment): void {
    if (this.screen !== 'paying') return;
    const failedNow = payment.state !== 'waiting' && this.payment?.state === 'waiting';
    this.payment = payment;
    // A failure is news the guest reads: the idle clock starts from it, not from the card tap.
    if (failedNow) this.touch();
    if (payment.state === 'paid' || payment.state === 'counter') {
      const { uid, hash, ticketNumber } = payment.order;
      const origin = typeof window === 'undefined' ? '' : window.location.origin;
      this.payment = null;
      this.orderPlaced({
        number: ticketNumber ? String(ticketNumber) : uid.slice(0, 8).toUpperCase(),
        isTicket: !!ticketNumber,
        paymentMethod: payment.state === 'paid' ? 'atm-card' : 'cash',
        paid: payment.state === 'paid',
        statusUrl: `${origin}/status/${encodeURIComponent(uid)}/${encodeURIComponent(hash)}`,
        table: this.paymentTable,
      });
    }
  }

  get isWarning(): boolean {
    return this.warningUntil !== null;
  }

  /** Whole seconds left on the countdown (shown in the question). */
  get secondsLeft(): number {
    if (!this.warningUntil) return 0;
    return Math.max(0, Math.ceil((this.warningUntil.getTime() - this.now.getTime()) / 1000));
  }

  /** The language switch (start screen and header). */
  setLanguage(language: KioskLanguage): void {
    this.language = language;
    this.touch();
  }

  /** A start of the app is a start at the screensaver, with nothing of an earlier customer left. */
  begin(): void {
    this.session.clearAll();
    this.orderTypeChosen = false;
    this.language = 'de';
    this.screen = 'screensaver';
    this.warningUntil = null;
    this.placedOrder = null;
    this.touch();
  }

  /** The screensaver was tapped. */
  tapToOrder(): void {
    this.screen = 'ordering';
    this.touch();
  }

  chooseOrderType(): void {
    this.orderTypeChosen = true;
    this.touch();
  }

  /** Any touch, click or key: the customer is there (and answers the question by it). */
  activity(): void {
    this.touch();
    this.warningUntil = null;
  }

  /** "Neu beginnen", the countdown's end, the done screen's end. */
  reset(): void {
    this.session.clearAll();
    this.orderTypeChosen = false;
    this.language = 'de';
    this.screen = 'screensaver';
    this.warningUntil = null;
    this.placedOrder = null;
    this.payment = null;
    this.doneAt = null;
    this.resets += 1;
    this.touch();
  }

  /** The order was placed: its number shown big, the cart and the form already empty for the next one. */
  orderPlaced(order: PlacedOrder): void {
    this.session.clearAll();
    this.orderTypeChosen = false;
    this.placedOrder = order;
    this.screen = 'done';
    this.warningUntil = null;
    this.touch();
    this.doneAt = this.now;
  }

  /** Looks at the clock: shows the question, ends the countdown, returns to the screensaver. */
  tick(): void {
    this.now = this.clock();
    const now = this.now.getTime();
    if (this.screen === 'done') {
      if (this.doneAt && now - this.doneAt.getTime() >= this.timings.doneShownMs) this.reset();
      return;
    }
    // While the terminal waits for the card nothing is reset: the guest is paying (and a paid order must
    // reach its final screen). After a failure the usual question and countdown apply; the order left
    // behind is never charged and expires by itself.
    if (this.screen === 'paying' && (!this.payment || this.payment.state === 'waiting')) return;
    if (this.screen !== 'ordering' && this.screen !== 'paying') return;
    if (this.warningUntil) {
      if (now >= this.warningUntil.getTime()) this.reset();
      return;
    }
    const idle = now - this.lastActivity.getTime();
    if (this.screen === 'paying' || this.session.hasProgress()) {
      if (idle >= this.timings.idleWarningAfterMs)
        this.warningUntil = new Date(now + this.timings.countdownMs);
    } else if (idle >= this.timings.screensaverAfterMs) {
      this.reset();
    }
  }

  /** Ticks every second; returns the function that stops it. */
  start(intervalMs = KIOSK_TICK_MS): () => void {
    const id = setInterval(this.tick, intervalMs);
    return () => clearInterval(id);
  }

  private touch(): void {
    this.now = this.clock();
    this.lastActivity = this.now;
  }
}

/**
 * Pausing online ordering ("Bestellungen pausieren") and busy mode ("Viel los"): both are stored on the
 * branch with the moment they end, so they end by themselves on every client's and the server's clock.
 * Rules are in docs/decisions/orders.md ("Pause and busy mode").
 *
 * @packageDocumentation
 */
import type { Branch, BusyMode, OrderingPause } from './contract/branch.js';
import type { OrderType } from './contract/order.js';
import { type Message } from './i18n/de.js';
import { renderMessageIn, translator, type TextLanguage } from './i18n/en.js';
import { dayLabel } from './opening-hours.js';
import { DEFAULT_TIME_ZONE } from './contract/branch.js';
import { formatTime } from './zoned-time.js';

/** The pause lengths the board offers, in minutes. */
export const PAUSE_MINUTES = [15, 30, 60] as const;
/** The extra preparation time of one tap on "Viel los", in minutes. */
export const BUSY_EXTRA_MINUTES = 20;
/** Longest pause or busy mode staff may set, in minutes (a week). */
export const PAUSE_MAX_MINUTES = 7 * 24 * 60;

type PauseBranch = Pick<Branch, 'orderingPause'>;

/** The branch's pause while it lasts (`until` later than `now`), else null. */
export function activePause(branch: PauseBranch, now: Date): OrderingPause | null {
  const pause = branch.orderingPause;
  if (!pause) return null;
  const until = new Date(pause.until);
  return Number.isNaN(until.getTime()) || until <= now ? null : pause;
}

/** Whether a pause covers an order type (null types: every type). */
export function pauseCovers(pause: OrderingPause, type: OrderType): boolean {
  return pause.orderTypes === null || pause.orderTypes.includes(type);
}

/**
 * The pause that refuses an order of `type` wanted at `appointment` (null: as soon as possible), or null
 * when the order may be placed: no pause, another order type, or a pre-order for the time after the pause
 * while the pause lets pre-orders through.
 */
export function refusingPause(
  branch: PauseBranch,
  type: OrderType,
  now: Date,
  appointment: Date | null,
): OrderingPause | null {
  const pause = activePause(branch, now);
  if (!pause || !pauseCovers(pause, type)) return null;
  if (pause.allowPreorders && appointment && appointment >= new Date(pause.until)) return null;
  return pause;
}

/**
 * The sentence customers read: "Wir nehmen gerade keine Bestellungen an – wieder ab 18:30 Uhr." (or
 * "… keine Lieferbestellungen …" for a delivery-only pause, and the weekday or date when it ends on
 * another day).
 */
export function pauseMessage(
  pause: OrderingPause,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  language: TextLanguage = 'de',
): Message {
  const say = translator(language);
  const until = new Date(pause.until);
  const time = formatTime(until, timeZone);
  const day = dayLabel(until, now, timeZone, language);
  const deliveryOnly = pause.orderTypes?.length === 1 && pause.orderTypes[0] === 'delivery';
  const what = deliveryOnly ? say('pause.deliveryOrders') : say('pause.orders');
  return day === null
    ? { key: 'pause.untilToday', params: { what, time } }
    : { key: 'pause.untilDay', params: { what, day: `${language === 'en' ? 'on' : 'am'} ${day}`, time } };
}

/** {@link pauseMessage} as text. */
export function pauseSentence(
  pause: OrderingPause,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  language: TextLanguage = 'de',
): string {
  return renderMessageIn(pauseMessage(pause, now, timeZone, language), language);
}

/**
 * The lines a storefront or kiosk shows for an order type while a pause covers it: the sentence, the
 * staff's message, and the pre-order hint when pre-orders for later stay possible; empty otherwise.
 */
export function pauseNotice(
  branch: PauseBranch & Pick<Branch, 'timeZone'>,
  type: OrderType,
  now: Date,
  language: TextLanguage = 'de',
): string[] {
  const pause = activePause(branch, now);
  if (!pause || !pauseCovers(pause, type)) return [];
  const lines = [pauseSentence(pause, now, branch.timeZone || DEFAULT_TIME_ZONE, language)];
  if (pause.message.trim()) lines.push(pause.message.trim());
  if (pause.allowPreorders) lines.push(translator(language)('branch.preorderLater'));
  return lines;
}

/** The busy mode while it lasts, else null. */
export function activeBusyMode(branch: Pick<Branch, 'busyMode'>, now: Date): BusyMode | null {
  const busy = branch.busyMode;
  if (!busy) return null;
  const until = new Date(busy.until);
  return Number.isNaN(until.getTime()) || until <= now ? null : busy;
}

/** Extra preparation minutes at `now` (0 without busy mode). */
export function busyExtraMinutes(branch: Pick<Branch, 'busyMode'>, now: Date): number {
  return activeBusyMode(branch, now)?.extraMinutes ?? 0;
}

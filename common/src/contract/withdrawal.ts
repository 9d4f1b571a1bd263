import type { IsoDateTime } from './base.js';

/**
 * The body of `POST /api/withdrawals` (public, rate-limited): the customer's declaration of withdrawal
 * (Widerruf, §355 and §356a BGB). The order is named either by its status page link (`uid` and `hash`,
 * from the status page) or by its number and the e-mail address it was placed with (from the footer).
 * A wrong combination is refused with the same message as an unknown order (no order oracle).
 */
export interface WithdrawalForm {
  /** The order's uid (status page). */
  uid?: string;
  /** The status page secret that goes with {@link WithdrawalForm.uid}. */
  hash?: string;
  /**
   * The order number as the customer knows it (footer form): the status page's "Bestellnummer" (the first
   * eight characters of the uid) or the ticket number of the confirmation mail.
   */
  orderNumber?: string;
  /** The e-mail address the order was placed with (footer form; checked against the order). */
  orderEmail?: string;
  /** Who withdraws (the consumer's name). */
  name: string;
  /** Where the confirmation goes. */
  email: string;
  /** Optional note (e.g. which part of the contract). */
  note?: string;
}

/** Which door the declaration came through. */
export type WithdrawalChannel = 'status-page' | 'form';

/** A withdrawal as stored on the order and shown to staff. */
export interface OrderWithdrawal {
  /** When the declaration was received (server clock, ISO 8601). */
  withdrawnAt: IsoDateTime;
  /** Who withdrew. */
  name: string;
  /** The address the confirmation was sent to. */
  email: string;
  /** The customer's note ('' when none). */
  note: string;
  channel: WithdrawalChannel;
}

/** The answer of `POST /api/withdrawals`: what was received, for the confirmation on screen. */
export interface WithdrawalReceipt {
  withdrawal: OrderWithdrawal;
  /** The order number as shown to the customer (ticket number or the uid's first eight characters). */
  orderNumber: string;
}

/**
 * The front-desk ticket screen (a TV at the counter): which ticket numbers it shows in "In Zubereitung" and
 * "Abholbereit". The server sends only these projections to the screen (no names, no items, no contact),
 * the screen keeps them in bounded lists.
 *
 * - Only orders fetched at the counter: takeaway and dine-in with a ticket number (no delivery, no
 *   quotation request).
 * - confirmed → `preparing` ("In Zubereitung"); in delivery, which means "ready for pickup" for these types
 *   (see `order-status.ts`) → `ready` ("Abholbereit"); anything else → `gone` (taken off the screen).
 *
 * @packageDocumentation
 */
import { staffState } from './order-status.js';
import type { OrderFlags } from './contract/order.js';

/** Where a ticket stands on the screen; `gone` takes it off. */
export type TicketState = 'preparing' | 'ready' | 'gone';

/** What the ticket screen receives of an order. */
export interface Ticket {
  /** The order's id (the key; ticket numbers start again every business day). */
  id: number;
  ticketNumber: number;
  state: TicketState;
  /** When the order is wanted (confirmed appointment, else requested time, else its arrival), ISO 8601. */
  dueAt: string;
  /** When the order last changed (for `ready`: when it became ready), ISO 8601. */
  since: string;
}

/** The fields of an order (staff view) the projection reads. */
export type TicketSource = Partial<
  Pick<
    OrderFlags,
    'isRejected' | 'isCanceled' | 'isFailed' | 'isCompleted' | 'isInDelivery' | 'isConfirmed' | 'isDelivery'
  >
> & {
  id?: unknown;
  ticketNumber?: number | null;
  isQuotation?: boolean;
  appointment?: string | null;
  appointmentDate?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
};

/** The ticket of an order, or null when the order never belongs on the screen (no number, delivery …). */
export function ticketOf(order: TicketSource): Ticket | null {
  if (typeof order.id !== 'number' || typeof order.ticketNumber !== 'number') return null;
  if (order.isDelivery || order.isQuotation) return null;
  const flags = {
    isRejected: !!order.isRejected,
    isCanceled: !!order.isCanceled,
    isFailed: !!order.isFailed,
    isCompleted: !!order.isCompleted,
    isInDelivery: !!order.isInDelivery,
    isConfirmed: !!order.isConfirmed,
  };
  const state = staffState(flags);
  const since = order.updatedAt ?? order.createdAt ?? new Date(0).toISOString();
  return {
    id: order.id,
    ticketNumber: order.ticketNumber,
    state: state === 'confirmed' ? 'preparing' : state === 'inDelivery' ? 'ready' : 'gone',
    dueAt: order.appointment ?? order.appointmentDate ?? order.createdAt ?? since,
    since,
  };
}

import {
  availableDays,
  busyExtraMinutes,
  earliestAppointment,
  firstAvailableTime,
  formatDate,
  formatTime,
  hasSlotLimit,
  hoursForOrderType,
  isSlotFull,
  roundUpToMinutes,
  slotStart,
  splitSlotCapacity,
  type AvailableDay,
  type LeadTimeProduct,
  type OrderType,
  type SlotLimit,
} from '@ordering/common';
import type { EntityManager } from 'typeorm';
import type { Branch } from '../branches/branch.entity.js';
import { DomainError } from '../core/errors.js';
import { branchContract } from './order-pricing.js';

/** The limit of a branch for an order type: delivery has its own, takeaway and dine-in share one. */
export function slotLimitOf(branch: Branch, type: OrderType): SlotLimit {
  return {
    slotMinutes: branch.slotMinutes || 15,
    capacity: type === 'delivery' ? branch.deliverySlotCapacity : branch.slotCapacity,
  };
}

/** The time an order occupies: its confirmed appointment, else the requested time, else its arrival. */
const WANTED_AT = 'COALESCE(appointment, appointment_date, created_at)';

/**
 * Orders per slot start (epoch ms) of a branch between two instants, counting every order that is not
 * rejected, cancelled or failed (pending and confirmed ones hold their place), delivery separately.
 */
export async function takenSlots(
  em: EntityManager,
  branchId: number,
  type: OrderType,
  from: Date,
  to: Date,
  slotMinutes: number,
): Promise<Map<number, number>> {
  const seconds = slotMinutes * 60;
  const rows = (await em.query(
    `SELECT floor(extract(epoch FROM ${WANTED_AT}) / $4) * $4 AS slot, count(*) AS taken
       FROM customer_order
      WHERE branch_id = $1 AND is_delivery = $5
        AND status NOT IN ('rejected', 'canceled', 'failed')
        AND ${WANTED_AT} >= $2 AND ${WANTED_AT} < $3
      GROUP BY 1`,
    [branchId, from, to, seconds, type === 'delivery'],
  )) as Array<{ slot: string | number; taken: string | number }>;
  return new Map(rows.map((row) => [Number(row.slot) * 1000, Number(row.taken)]));
}

/** The bookable days of a branch for an order type: hours, lead times, horizon and slot capacity applied. */
export async function bookableDays(
  em: EntityManager,
  branch: Branch,
  type: OrderType,
  now: Date,
  products: readonly LeadTimeProduct[],
): Promise<AvailableDay[]> {
  return (await slotDays(em, branch, type, now, products)).free;
}

/**
 * The bookable days (`free`) and, per date, the times taken out because their slot is full (`full`): the
 * pickers show those as full.
 */
export async function slotDays(
  em: EntityManager,
  branch: Branch,
  type: OrderType,
  now: Date,
  products: readonly LeadTimeProduct[],
): Promise<{ free: AvailableDay[]; full: AvailableDay[] }> {
  const contract = branchContract(branch);
  const earliest = earliestAppointment({
    now,
    products,
    timeZone: contract.timeZone,
    orderableFrom: contract.orderableFrom,
    extraMinutes: busyExtraMinutes(contract, now),
  });
  const days = availableDays(hoursForOrderType(contract, type), earliest);
  const limit = slotLimitOf(branch, type);
  if (!hasSlotLimit(limit) || days.length === 0) return { free: days, full: [] };
  const first = days[0]!.windows[0]!.from;
  const lastDay = days[days.length - 1]!;
  const last = lastDay.windows[lastDay.windows.length - 1]!.to;
  const taken = await takenSlots(
    em,
    branch.id,
    type,
    slotStart(first, limit.slotMinutes),
    new Date(last.getTime() + limit.slotMinutes * 60_000),
    limit.slotMinutes,
  );
  return splitSlotCapacity(days, taken, limit);
}

/**
 * Refuses an order whose slot is full (409 `slot_full`, with the next free time). Locks the branch row
 * first, so that of two customers taking the last place at once the second sees the first's order.
 */
export async function assertSlotFree(
  em: EntityManager,
  branch: Branch,
  type: OrderType,
  wanted: Date,
  now: Date,
  products: readonly LeadTimeProduct[],
): Promise<void> {
  const limit = slotLimitOf(branch, type);
  if (!hasSlotLimit(limit)) return;
  await em.query('SELECT id FROM branch WHERE id = $1 FOR UPDATE', [branch.id]);
  const start = slotStart(wanted, limit.slotMinutes);
  const taken = await takenSlots(
    em,
    branch.id,
    type,
    start,
    new Date(start.getTime() + limit.slotMinutes * 60_000),
    limit.slotMinutes,
  );
  if (!isSlotFull(wanted, taken, limit)) return;
  const next = firstAvailableTime(
    (await bookableDays(em, branch, type, now, products))
      .map((day) => ({ ...day, windows: day.windows.filter((w) => w.to >= wanted) }))
      .filter((day) => day.windows.length > 0),
  );
  const shown = next && next < wanted ? roundUpToMinutes(wanted) : next;
  const zone = branch.timeZone;
  throw new DomainError(
    'conflict',
    shown
      ? `Zu diesem Zeitpunkt sind leider bereits alle Plätze vergeben. Der nächste freie Termin ist am ${formatDate(shown, zone)} um ${formatTime(shown, zone)} Uhr.`
      : 'Zu diesem Zeitpunkt sind leider bereits alle Plätze vergeben. Bitte wählen Sie einen anderen Termin.',
    'appointmentDate',
    'slot_full',
  );
}

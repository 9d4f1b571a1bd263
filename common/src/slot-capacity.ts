/**
 * Slot capacity (beyond the spec; issue 7): a branch may limit how many orders it takes per time slot (e.g.
 * at most 8 per 15 minutes, separately for delivery). An order occupies the slot of the time it is wanted
 * (its appointment, or its arrival for "as soon as possible"). A full slot is no longer offered by the
 * pickers and refused by the server.
 *
 * Slots are aligned to the epoch in steps of `slotMinutes`; with a length that divides 60 minutes they start
 * on the local clock's quarter (or half, full) hours in every zone with whole-hour or half-hour offsets.
 *
 * @packageDocumentation
 */
import type { AppointmentWindow, AvailableDay } from './appointments.js';
import { APPOINTMENT_ROUNDING_MINUTES } from './appointments.js';

/** Slot lengths a branch may choose (divisors of an hour, at least the 5-minute appointment grid). */
export const SLOT_MINUTES = [5, 10, 15, 20, 30, 60] as const;

/** The default slot length in minutes. */
export const DEFAULT_SLOT_MINUTES = 15;

/** A branch's limit for one kind of order. */
export interface SlotLimit {
  /** Slot length in minutes (one of {@link SLOT_MINUTES}). */
  slotMinutes: number;
  /** Orders per slot; null or undefined: no limit. */
  capacity?: number | null;
}

const MINUTE = 60_000;

/** The start of the slot that contains `time`. */
export function slotStart(time: Date, slotMinutes: number): Date {
  const size = slotMinutes * MINUTE;
  return new Date(Math.floor(time.getTime() / size) * size);
}

/** Whether a limit applies at all. */
export function hasSlotLimit(limit: SlotLimit): boolean {
  return typeof limit.capacity === 'number' && limit.capacity >= 0;
}

/**
 * Whether the slot of `time` is full, given the orders already taken per slot start (epoch milliseconds).
 */
export function isSlotFull(time: Date, taken: ReadonlyMap<number, number>, limit: SlotLimit): boolean {
  if (!hasSlotLimit(limit)) return false;
  return (taken.get(slotStart(time, limit.slotMinutes).getTime()) ?? 0) >= (limit.capacity as number);
}

/**
 * The available days with the full slots taken out: each window keeps only its 5-minute times whose slot
 * has room and is split where a full slot interrupts it; days left without a window are dropped.
 */
export function applySlotCapacity(
  days: readonly AvailableDay[],
  taken: ReadonlyMap<number, number>,
  limit: SlotLimit,
): AvailableDay[] {
  return splitSlotCapacity(days, taken, limit).free;
}

/**
 * The available days split by slot capacity: `free` as {@link applySlotCapacity} gives it, and `full` the
 * windows of times whose slot is full (per date; days without a full slot are left out), so that the pickers
 * can show a full slot as full instead of hiding it.
 */
export function splitSlotCapacity(
  days: readonly AvailableDay[],
  taken: ReadonlyMap<number, number>,
  limit: SlotLimit,
): { free: AvailableDay[]; full: AvailableDay[] } {
  if (!hasSlotLimit(limit))
    return { free: days.map((day) => ({ ...day, windows: [...day.windows] })), full: [] };
  const step = APPOINTMENT_ROUNDING_MINUTES * MINUTE;
  const free: AvailableDay[] = [];
  const full: AvailableDay[] = [];
  for (const day of days) {
    const windows: Record<'free' | 'full', AppointmentWindow[]> = { free: [], full: [] };
    for (const window of day.windows) {
      let open: { kind: 'free' | 'full'; from: number; last: number } | null = null;
      for (let time = window.from.getTime(); time <= window.to.getTime(); time += step) {
        const kind = isSlotFull(new Date(time), taken, limit) ? 'full' : 'free';
        if (open && open.kind !== kind) {
          windows[open.kind].push({ from: new Date(open.from), to: new Date(open.last) });
          open = null;
        }
        if (open) open.last = time;
        else open = { kind, from: time, last: time };
      }
      if (open) windows[open.kind].push({ from: new Date(open.from), to: new Date(open.last) });
    }
    if (windows.free.length > 0) free.push({ date: day.date, windows: windows.free });
    if (windows.full.length > 0) full.push({ date: day.date, windows: windows.full });
  }
  return { free, full };
}

/** The first time of the first available day, or null when none is left. */
export function firstAvailableTime(days: readonly AvailableDay[]): Date | null {
  return days[0]?.windows[0]?.from ?? null;
}

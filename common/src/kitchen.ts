import type { KitchenTicket } from './contract/kitchen.js';

/** What routing needs to know about a station. */
export interface StationRouting {
  categories: readonly number[];
  products: readonly number[];
  isExpeditor: boolean;
}

/** Whether the station sees every item of an order: the expeditor ("Pass") and a station with nothing assigned. */
export const seesWholeOrder = (station: StationRouting): boolean =>
  station.isExpeditor || (station.categories.length === 0 && station.products.length === 0);

/**
 * The indices of the order's items that this station prepares: items whose product is assigned to it, or
 * whose product is in one of its categories (`categoriesOf` gives a product's categories).
 */
export function stationItemIndices(
  station: StationRouting,
  productIds: readonly number[],
  categoriesOf: (productId: number) => readonly number[],
): number[] {
  const all = productIds.map((_, i) => i);
  if (seesWholeOrder(station)) return all;
  return all.filter((i) => {
    const product = productIds[i]!;
    return (
      station.products.includes(product) || categoriesOf(product).some((c) => station.categories.includes(c))
    );
  });
}

/**
 * Where a ticket's timer starts: for an order with a confirmed time, that time minus the preparation
 * minutes (a pre-order then appears when its preparation should start; a normal order's time is its
 * confirmation plus the preparation time, so this is about its confirmation), never before the order was
 * placed; without a time, when it was placed.
 */
export function kitchenStartsAt(
  createdAt: Date,
  appointment: Date | null,
  preparationMinutes: number | null | undefined,
): Date {
  if (!appointment) return createdAt;
  const start = appointment.getTime() - Math.max(0, preparationMinutes ?? 0) * 60_000;
  return new Date(Math.max(start, createdAt.getTime()));
}

/** The colour level of a ticket by its age: `fresh`, `warn` (amber) or `late` (red). */
export function kitchenAgeLevel(
  ageMs: number,
  warnMinutes: number,
  lateMinutes: number,
): 'fresh' | 'warn' | 'late' {
  if (ageMs >= lateMinutes * 60_000) return 'late';
  if (ageMs >= warnMinutes * 60_000) return 'warn';
  return 'fresh';
}

/** A ticket's age as `m:ss` (negative ages, a clock slightly ahead, show `0:00`). */
export function kitchenAgeText(ageMs: number): string {
  const seconds = Math.max(0, Math.floor(ageMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * "All day": how many of each item are still open across the tickets (items not yet done), by name
 * and parts, most first.
 */
export function allDayCounts(
  tickets: readonly Pick<KitchenTicket, 'items'>[],
): Array<{ name: string; count: number }> {
  const counts = new Map<string, number>();
  for (const ticket of tickets)
    for (const item of ticket.items) {
      if (item.done) continue;
      const name = item.parts.length ? `${item.name} (${item.parts.join(', ')})` : item.name;
      counts.set(name, (counts.get(name) ?? 0) + item.amount);
    }
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'de'));
}

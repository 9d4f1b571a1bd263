/**
 * The time an order is confirmed for when staff accept it without choosing one (the board's "A", a quick
 * accept, auto-accept): the requested time, but never sooner than the branch's default preparation time
 * from now. Without a default preparation time it is the requested time (null: "as soon as possible").
 *
 * @packageDocumentation
 */

/** Bounds of a branch's default preparation time in minutes. */
export const PREPARATION_MINUTES_MAX = 600;

/**
 * @param requested the customer's wanted time (null: as soon as possible)
 * @param now the injectable clock's now
 * @param preparationMinutes the branch's default preparation time (null or undefined: none)
 */
export function defaultConfirmTime(
  requested: Date | null,
  now: Date,
  preparationMinutes: number | null | undefined,
): Date | null {
  if (preparationMinutes === null || preparationMinutes === undefined || preparationMinutes < 0)
    return requested;
  const ready = new Date(now.getTime() + preparationMinutes * 60_000);
  return requested && requested.getTime() > ready.getTime() ? requested : ready;
}

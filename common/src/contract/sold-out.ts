/**
 * Sold out ("ausverkauft"): what staff of a branch marked as not orderable for now — a product, or one
 * option of one of its parts. Rules are in docs/decisions/kitchen.md ("Ausverkauft").
 *
 * @packageDocumentation
 */

/** `until` of `POST /api/branches/{id}/sold-out`: "closing" (until the branch's next opening) or null. */
export type SoldOutUntil = 'closing' | null;

/** The body of `POST /api/branches/{id}/sold-out`. */
export interface SoldOutRequest {
  product: { id: number };
  /** Index of the product's configurable part (with `option`), absent or null: the whole product. */
  part?: number | null;
  /** Name of the option of that part. */
  option?: string | null;
  until: SoldOutUntil;
}

/** One sold-out mark of a branch, as `GET /api/branches/{id}/sold-out` lists it. */
export interface SoldOutEntry {
  /** Id for `DELETE /api/branches/{id}/sold-out/{entryId}`. */
  id: string;
  product: { id: number; name: string };
  /** Index of the product's configurable part; null: the whole product is sold out. */
  part: number | null;
  /** Name of the part (for display), null with `part`. */
  partName: string | null;
  /** Name of the sold-out option of that part, null with `part`. */
  option: string | null;
  /** The moment the mark stops counting ("bis Geschäftsschluss": the next opening); null: until removed. */
  until: string | null;
  /** When it was marked. */
  markedAt: string;
  /**
   * Who marked it (staff answers and staff streams only; absent for the public): a person (`id` their user
   * id), or a kitchen display by its device name (`id` null, `deviceId` set).
   */
  markedBy?: { id: number | null; name: string; deviceId?: number } | null;
}

/** A branch's sold-out marks that count now (the answer of the GET route and the live event's data). */
export interface SoldOutState {
  branchId: number;
  entries: SoldOutEntry[];
}

/** The live event type of a change (public stream `GET /api/branches/{id}/sold-out/events` and staff streams). */
export const AVAILABILITY_EVENT = 'availability.changed';

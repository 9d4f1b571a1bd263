/**
 * Building blocks shared by every contract type.
 *
 * Conventions of the JSON the backend sends and accepts:
 * - ids are integers (`id: number`); orders and products also carry a `uid` (uuid string);
 * - timestamps are ISO 8601 strings (`2026-03-29T10:15:00.000Z`), calendar dates `YYYY-MM-DD`,
 *   times of day `HH:MM` in the branch's time zone;
 * - money is a JSON number in major currency units with at most two decimals (`12.9` is 12,90 EUR);
 *   code computes with integer cents (see `money.ts`) and converts at the edge;
 * - tax rates are percent numbers (`10`, `20`, `5.5`);
 * - a reference to another entity is an object holding its id (`branch: { id: 3 }`).
 *
 * @packageDocumentation
 */

/** A reference to another entity by its integer id, e.g. `branch: { id: 3 }`. */
export interface Ref {
  /** Integer id of the referenced entity. */
  id: number;
}

/** An ISO 8601 timestamp string, e.g. `2026-03-29T10:15:00.000Z`. */
export type IsoDateTime = string;

/** A calendar date `YYYY-MM-DD` (no time zone: it is read in the branch's time zone). */
export type IsoDate = string;

/** A time of day `HH:MM` (24-hour clock) in the branch's time zone. */
export type TimeOfDay = string;

/** Money in JSON: major currency units, at most two decimals (`12.9` = 12,90 EUR). */
export type MoneyAmount = number;

/** A tax rate in percent (`10` means 10 %). */
export type TaxRatePercent = number;

/** Fields every stored entity has. */
export interface Entity {
  /** Integer primary key. */
  id: number;
  /** When the entity was created (ISO 8601). */
  createdAt?: IsoDateTime;
  /** When the entity was last changed (ISO 8601). */
  updatedAt?: IsoDateTime;
}

/** The body of a create call (`POST /api/{collection}`): the entity without id and timestamps. */
export type CreateInput<T extends Entity> = Omit<T, 'id' | 'createdAt' | 'updatedAt'>;

/** The body of an update call (`PUT /api/{collection}/{id}`): the entity with its id. */
export type UpdateInput<T extends Entity> = Omit<T, 'createdAt' | 'updatedAt'>;

import type { EntityManager } from 'typeorm';
import { DomainError } from '../core/errors.js';

/** The 400 of a print request naming a device the order cannot be printed on. */
export const NOT_A_PRINTER = 'Bitte einen gekoppelten Drucker der Filiale dieser Bestellung wählen.';

/** `last_error` of a receipt withdrawn because its order was cancelled or rejected before it printed. */
export const PRINT_WITHDRAWN = 'Bestellung storniert';

/** A device row (`device`) that can print: a printer, or a terminal with a printer set up. */
export const HAS_PRINTER_SQL = `(type = 'printer' OR jsonb_typeof(settings -> 'printer') = 'object')`;

/**
 * A device row that prints new orders by itself: a printer, a kiosk, or a terminal with `autoPrint` on
 * (the others print only on request).
 */
export const PRINTS_NEW_SQL = `(type = 'printer' OR type = 'kiosk' OR (settings ->> 'autoPrint')::boolean IS TRUE)`;

/**
 * A print request may name only a paired (key issued), enabled printing device (a printer, or a terminal
 * with a printer set up) of the order's own branch: the same devices `GET /api/devices/printing/status`
 * lists.
 * @throws DomainError validation at `device` otherwise (unknown, another branch's, unpaired, no printer).
 */
export async function assertPrintingDevice(
  em: EntityManager,
  branchId: number | null,
  deviceId: number,
): Promise<void> {
  const rows: unknown[] = await em.query(
    `SELECT 1 FROM device
     WHERE id = $1 AND branch_id = $2 AND is_enabled AND api_key_hash IS NOT NULL AND ${HAS_PRINTER_SQL}`,
    [deviceId, branchId ?? -1],
  );
  if (rows.length === 0) throw new DomainError('validation', NOT_A_PRINTER, 'device');
}

/**
 * Whether a branch prints new orders (the rule, read from the database): it has an enabled printer, or a
 * front-desk terminal with a printer and `autoPrint` on.
 */
export async function branchPrintsNewOrders(em: EntityManager, branchId: number): Promise<boolean> {
  const rows: unknown[] = await em.query(
    `SELECT 1 FROM device WHERE branch_id = $1 AND is_enabled
       AND (type = 'printer' OR (type = 'frontdesk' AND jsonb_typeof(settings -> 'printer') = 'object'
                                 AND (settings ->> 'autoPrint')::boolean IS TRUE))
     LIMIT 1`,
    [branchId],
  );
  return rows.length > 0;
}

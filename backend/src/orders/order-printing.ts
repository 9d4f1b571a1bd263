import type { EntityManager } from 'typeorm';
import { DomainError } from '../core/errors.js';

/** The 400 of a print request naming a device the order cannot be printed on. */
export const NOT_A_PRINTER = 'Bitte einen gekoppelten Drucker der Filiale dieser Bestellung wählen.';

/**
 * A print request may name only a paired (key issued), enabled printing device (a printer, or a terminal
 * with a printer set up) of the order's own branch: the same devices `GET /api/devices/printing/status`
 * lists. Read by SQL, as the event log's print rules do, because devices sit above orders.
 * @throws DomainError validation at `device` otherwise (unknown, another branch's, unpaired, no printer).
 */
export async function assertPrintingDevice(
  em: EntityManager,
  branchId: number | null,
  deviceId: number,
): Promise<void> {
  const rows: unknown[] = await em.query(
    `SELECT 1 FROM device
     WHERE id = $1 AND branch_id = $2 AND is_enabled AND api_key_hash IS NOT NULL
       AND (type = 'printer' OR jsonb_typeof(settings -> 'printer') = 'object')`,
    [deviceId, branchId ?? -1],
  );
  if (rows.length === 0) throw new DomainError('validation', NOT_A_PRINTER, 'device');
}

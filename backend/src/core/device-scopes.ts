import type { AuthDevice } from './request-context.js';

/**
 * What a device may do with its key (docs/decisions/security.md "Device scopes"). A route that devices may
 * call names the scopes that open it (`@ForDevices(...)`); a device holding none of them gets a 403.
 *
 * - `device`: its own heartbeat and log upload (every paired device);
 * - `orders`: its branch's full order events (the front desk's board);
 * - `tickets`: ticket numbers and their state only (ticket screen, front desk);
 * - `print`: print jobs addressed to it (only devices with a receipt printer);
 * - `signage`: its signage stream;
 * - `kitchen`: its branch's kitchen tickets (read, bump, mark done; docs/decisions/kitchen.md);
 * - `kiosk`: its own orders and their card payment at its terminal (docs/decisions/kiosk.md).
 */
export type DeviceScope = 'device' | 'orders' | 'tickets' | 'print' | 'signage' | 'kitchen' | 'kiosk';

/** The scopes of each device type, before the printer condition of {@link deviceScopes}. */
const SCOPES_BY_TYPE: Record<string, readonly DeviceScope[]> = {
  frontdesk: ['device', 'orders', 'tickets', 'print'],
  kiosk: ['device', 'print', 'kiosk'],
  'ticket-screen': ['device', 'tickets'],
  printer: ['device', 'print'],
  signage: ['device', 'signage'],
  'kitchen-display': ['device', 'kitchen'],
  backoffice: ['device'],
};

/** The scopes this device holds: its type's, `print` only with a receipt printer. */
export function deviceScopes(device: Pick<AuthDevice, 'type' | 'hasPrinter'>): DeviceScope[] {
  return (SCOPES_BY_TYPE[device.type] ?? []).filter((s) => s !== 'print' || device.hasPrinter);
}

/** Whether the device holds any of these scopes. */
export const deviceMay = (device: AuthDevice, scopes: readonly DeviceScope[]): boolean =>
  deviceScopes(device).some((s) => scopes.includes(s));

// The shapes the terminal exchanges with the backend's device routes (backend/src/devices/, printing/): the
// print job and its receipt order from common's contract, the device's own settings and answers here. The
// terminal depends on the HTTP contract, not on the backend's code.

/** The receipt's shapes and the print job are common's contract (the backend builds them with `satisfies`). */
export type { PrintJob, ReceiptItem, ReceiptOrder } from '@ordering/common';

/** A network receipt printer as the device's settings describe it. */
export interface PrinterSettings {
  host: string;
  port: number;
  /** Characters per line. */
  width: number;
  type: 'epson' | 'star';
}

/** `POST /api/devices/me/heartbeat`'s answer. */
export interface DeviceInfo {
  id: number;
  identifier: string;
  name: string;
  type: string;
  /** `identifier` names the branch in the kiosk's address (`/kiosk/{identifier}`). */
  branch: { id: number; name: string; identifier?: string } | null;
  settings: { printer?: PrinterSettings | null } & Record<string, unknown>;
  lastSeenAt: string | null;
  /** Staff asked for the logs and they have not been uploaded yet. */
  logsRequested?: boolean;
}

/** Parses `tcp://host[:port]` (port 9100 when omitted). */
export function parsePrinterUrl(url: string, defaults: Partial<PrinterSettings> = {}): PrinterSettings {
  const match = /^tcp:\/\/([^/:]+)(?::(\d{1,5}))?\/?$/i.exec(url.trim());
  if (!match) throw new Error(`Druckeradresse muss tcp://host:port sein, nicht "${url}"`);
  return {
    width: defaults.width ?? 48,
    type: defaults.type ?? 'epson',
    host: match[1]!,
    port: match[2] ? Number(match[2]) : 9100,
  };
}

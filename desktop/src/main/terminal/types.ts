// The shapes the terminal exchanges with the backend's device routes (backend/src/devices/). Kept here as
// plain types: the terminal depends on the HTTP contract, not on the backend's code.

/** One receipt line of an order (the staff view's `items`). */
export interface ReceiptItem {
  name: string;
  amount: number;
  unit: string;
  unitPrice: number;
  price: number;
  tax: number;
  isPriceHidden?: boolean;
  partLabels?: string[];
}

/** The staff view of an order as far as a receipt reads it (`GET /api/orders/{id}`). */
export interface ReceiptOrder {
  id: number;
  uid: string;
  hash: string;
  ticketNumber?: number | null;
  branchName?: string | null;
  isDelivery: boolean;
  isDineIn: boolean;
  isPaid?: boolean;
  isQuotation?: boolean;
  isCanceled?: boolean;
  isRejected?: boolean;
  rejectionMessage?: string | null;
  tableIdentifier?: string | null;
  deliveryArea?: string | null;
  appointmentDate?: string | null;
  appointment?: string | null;
  comment?: string | null;
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  street?: string | null;
  zipCode?: string | null;
  city?: string | null;
  floor?: string | null;
  stairway?: string | null;
  door?: string | null;
  phone?: string | null;
  paymentMethod: string;
  payment?: { state: string; text: string };
  items: ReceiptItem[];
  pricing?: {
    gross: number;
    deliveryGross: number;
    totalNet: number;
    totalGross: number;
    taxes: Record<string, number>;
  };
  createdAt?: string;
}

/** A print job as `GET /api/devices/me/jobs` hands it out. */
export interface PrintJob {
  id: number;
  /**
   * `kitchen` / `labels`: staff asked for the kitchen ticket or the item labels of the order;
   * `cancellation`: the "STORNIERT" slip of an order whose receipt printed here.
   */
  kind: 'receipt' | 'kitchen' | 'labels' | 'cancellation' | 'test';
  reason: string;
  createdAt: string;
  attempts: number;
  leasedUntil?: string;
  publicUrl: string;
  shop: { name: string };
  branch: {
    id: number;
    name: string;
    street?: string;
    zipCode?: string;
    city?: string;
    phone?: string;
  } | null;
  order: ReceiptOrder | null;
}

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

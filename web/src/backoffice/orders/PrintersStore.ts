import { makeAutoObservable, runInAction } from 'mobx';
import type { PrintKind } from '@ordering/common';
import type { ApiClient } from '../../api/ApiClient';

/** A printing device as `GET /api/devices/printing/status` and the `device.status` event report it. */
export interface PrintingDevice {
  id: number;
  name: string;
  branch: { id: number };
  /** Prints new orders by itself (a printer, or a front desk with `autoPrint`). */
  printsNewOrders: boolean;
  /** Has its device key: the print menu may send to it. */
  paired?: boolean;
  connection: 'online' | 'offline';
  printerState: { state: string; queued: number; paperNearEnd?: boolean } | null;
  /** German, e.g. "kein Papier · 3 Aufträge warten". */
  printerStatus: string | null;
}

/** How often the list is read again (a terminal that stops sending heartbeats turns offline without an event). */
export const PRINTERS_REFRESH_MS = 30_000;

/**
 * The printers of the user's branches on the board: loaded once, updated by `device.status` events within
 * seconds of a change at the terminal, and read again now and then for devices that went silent.
 */
export class PrintersStore {
  devices = new Map<number, PrintingDevice>();
  loaded = false;

  constructor(private readonly api: Pick<ApiClient, 'get'>) {
    makeAutoObservable<PrintersStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    try {
      const list = await this.api.get<PrintingDevice[]>('/api/devices/printing/status');
      runInAction(() => {
        this.devices = new Map(list.map((d) => [d.id, d]));
        this.loaded = true;
      });
    } catch {
      // Without the right to read it (or offline) the board simply shows no printer line.
    }
  }

  /** A `device.status` event of the stream. */
  apply(data: string): void {
    let payload: { deviceId?: number; connection?: 'online' | 'offline' } & Partial<PrintingDevice>;
    try {
      payload = JSON.parse(data) as typeof payload;
    } catch {
      return;
    }
    const current = typeof payload.deviceId === 'number' ? this.devices.get(payload.deviceId) : undefined;
    if (!current) return;
    this.devices.set(current.id, {
      ...current,
      connection: payload.connection ?? current.connection,
      printerState: payload.printerState ?? current.printerState,
      printerStatus: payload.printerStatus ?? current.printerStatus,
    });
  }

  /** The printers of a branch (all of the user's with null). */
  of(branchId: number | null): PrintingDevice[] {
    return [...this.devices.values()].filter((d) => branchId === null || d.branch.id === branchId);
  }

  /** Printers that need someone: offline, or a printer that cannot print. */
  get troubled(): PrintingDevice[] {
    return [...this.devices.values()].filter((d) => !isReady(d));
  }
}

export const isReady = (d: PrintingDevice) =>
  d.connection === 'online' && (d.printerState === null || d.printerState.state === 'ok');

/** One device's line on the board: "Kassa Theke: kein Papier · 3 Aufträge warten". */
export function printerLine(d: PrintingDevice): string {
  if (d.connection === 'offline') return `${d.name}: Gerät offline`;
  return `${d.name}: Drucker ${d.printerStatus ?? 'bereit'}`;
}

/**
 * What the print button says after the job was written, by what will really happen to it: printed now,
 * waiting for paper or for the device, or no printer at all.
 */
export function printNotice(printers: PrintingDevice[]): string {
  if (printers.length === 0)
    return 'Druckauftrag gespeichert – in dieser Filiale ist kein Drucker eingerichtet. Er wird gedruckt, sobald ein Gerät mit Drucker gekoppelt ist.';
  const ready = printers.find(isReady);
  if (ready) return `Bestellbon wird an „${ready.name}“ gedruckt.`;
  const reasons = printers.map(printerLine).join('; ');
  return `Druckauftrag wartet – ${reasons}. Er wird gedruckt, sobald der Drucker bereit ist.`;
}

/** What staff print from an order, in the words of the print menu and its notice. */
export const PRINT_KIND_TEXT = {
  receipt: 'Bestellbon',
  kitchen: 'Küchenbon',
  labels: 'Etiketten',
} as const satisfies Record<PrintKind, string>;

/** A device's state in the print menu: "bereit", "kein Papier · 3 Aufträge warten", "offline". */
export function printerStateLabel(d: PrintingDevice): string {
  if (d.connection === 'offline') return 'offline';
  return d.printerStatus ?? 'bereit';
}

/**
 * What the print menu says after the job was written for one chosen device: sent to it, or waiting for
 * it (no paper, offline) with the reason.
 */
export function printedOnNotice(kind: PrintKind, device: PrintingDevice): string {
  const what = PRINT_KIND_TEXT[kind];
  if (isReady(device)) return `${what} an Drucker „${device.name}“ gesendet.`;
  return `${what} an „${device.name}“ gesendet – ${printerLine(device)}. Er wird gedruckt, sobald der Drucker bereit ist.`;
}

import { DEVICE_TYPES } from '@ordering/common/schemas';
import { z } from 'zod';

/** What a desktop device does; decides which settings it has. */
export { DEVICE_TYPES };
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** A network receipt printer (ESC/POS over TCP, as node-thermal-printer drives it). */
const printerSchema = z.object({
  host: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9.:-]+$/, { message: 'Dieser Wert ist kein gültiger Hostname.' }),
  port: z.number().int().min(1).max(65535).default(9100),
  /** Characters per line (58 mm paper: 32, 80 mm: 42 or 48). */
  width: z.number().int().min(24).max(64).default(48),
  /** Command set. */
  type: z.enum(['epson', 'star']).default('epson'),
});

/** A Mollie terminal's id: `term_` and letters or digits (docs.mollie.com, List terminals). */
export const MOLLIE_TERMINAL_ID = /^term_[A-Za-z0-9]+$/;

/** A kiosk takes orders on the spot: it never delivers (docs/decisions/settings.md). */
const KIOSK_ORDER_MODES = ['takeaway', 'dineIn'] as const;

/** Settings per device type. Unknown keys are dropped. */
export const DEVICE_SETTINGS: Record<DeviceType, z.ZodObject> = {
  frontdesk: z.object({
    printer: printerSchema.nullish().transform((v) => v ?? null),
    /** Print the receipt as soon as an order is confirmed. */
    autoPrint: z.boolean().default(false),
    /** Play a sound for new orders. */
    notificationSound: z.boolean().default(true),
    /** How long the counter board remembers a staff PIN (docs/decisions/frontdesk-board.md). */
    pinMemorySeconds: z.number().int().min(0).max(3600).default(120),
  }),
  kiosk: z.object({
    printer: printerSchema.nullish().transform((v) => v ?? null),
    /** Back to the screensaver (or "Sind Sie noch da?" mid-order) after this much inactivity. */
    idleTimeoutSeconds: z.number().int().min(5).max(3600).default(90),
    /** Order modes the kiosk offers (of those its branch offers). */
    orderModes: z.array(z.enum(KIOSK_ORDER_MODES)).min(1).max(2).default(['takeaway', 'dineIn']),
    /**
     * "Kartenterminal (Mollie)": the Mollie point-of-sale terminal (`term_…`) beside this kiosk; with it
     * (and a Mollie key) the kiosk's card payment runs through Mollie (docs/decisions/kiosk.md).
     */
    mollieTerminal: z
      .preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
        z
          .string()
          .trim()
          .max(40)
          .regex(MOLLIE_TERMINAL_ID, {
            message:
              'Dies ist keine gültige Terminal-ID von Mollie (term_ gefolgt von Buchstaben und Ziffern).',
          })
          .nullish(),
      )
      .transform((v) => v ?? null),
  }),
  'ticket-screen': z.object({
    /** How long a ready ticket stays on screen. */
    displaySeconds: z.number().int().min(10).max(7200).default(600),
    /** Number of columns of ticket numbers. */
    columns: z.number().int().min(1).max(6).default(3),
  }),
  printer: z.object({
    printer: printerSchema,
  }),
  backoffice: z.object({}),
  /** A kitchen display (docs/decisions/kitchen.md): the station it opens with (null: the page's choice). */
  'kitchen-display': z.object({
    station: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
  }),
  /**
   * A TV run by the desktop shell: plays the web player of the TV (digital-signage device) named here, with
   * the terminal's own key (docs/decisions/signage.md).
   */
  signage: z.object({
    tv: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
  }),
};

export type DeviceSettings = Record<string, unknown>;

/** What a terminal reports about its printer with its heartbeat (`POST /api/devices/me/heartbeat`). */
export const printerStateSchema = z.object({
  /** `none`: no printer set up; the others as DLE EOT read them (`unreachable`: no TCP connection). */
  state: z.enum(['ok', 'unreachable', 'offline', 'cover-open', 'paper-out', 'error', 'none']),
  /** Paper is running low (still prints). */
  paperNearEnd: z.boolean().default(false),
  /** Jobs the terminal holds and has not printed yet. */
  queued: z.number().int().min(0).max(100_000).default(0),
});
export type PrinterState = z.infer<typeof printerStateSchema>;

const PRINTER_TEXTS: Record<PrinterState['state'], string> = {
  ok: 'bereit',
  unreachable: 'nicht erreichbar',
  offline: 'offline',
  'cover-open': 'Deckel offen',
  'paper-out': 'kein Papier',
  error: 'Fehler',
  none: 'kein Drucker eingerichtet',
};

/** German, e.g. "kein Papier · 3 Aufträge warten"; "unbekannt" when the device never reported. */
export function printerStateText(state: PrinterState | null): string {
  if (!state) return 'unbekannt';
  const parts = [PRINTER_TEXTS[state.state]];
  if (state.state === 'ok' && state.paperNearEnd) parts[0] += ' (Papier geht zu Ende)';
  if (state.queued > 0)
    parts.push(`${state.queued} ${state.queued === 1 ? 'Auftrag wartet' : 'Aufträge warten'}`);
  return parts.join(' · ');
}

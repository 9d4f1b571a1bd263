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
  }),
  kiosk: z.object({
    printer: printerSchema.nullish().transform((v) => v ?? null),
    /** Back to the screensaver (or "Sind Sie noch da?" mid-order) after this much inactivity. */
    idleTimeoutSeconds: z.number().int().min(5).max(3600).default(90),
    /** Order modes the kiosk offers (of those its branch offers). */
    orderModes: z.array(z.enum(KIOSK_ORDER_MODES)).min(1).max(2).default(['takeaway', 'dineIn']),
  }),
  'ticket-screen': z.object({
    /** How long a ready ticket stays on screen. */
    displaySeconds: z.number().int().min(10).max(7200).default(600),
    /** Number of columns of ticket numbers. */
    columns: z.number().int().min(1).max(6).default(2),
  }),
  printer: z.object({
    printer: printerSchema,
  }),
  backoffice: z.object({}),
  /** A TV run by the desktop shell: plays a digital-signage stream (its segments cached on disk). */
  signage: z.object({
    stream: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
  }),
};

export type DeviceSettings = Record<string, unknown>;

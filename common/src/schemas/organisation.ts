import './jitless.js';
import { z } from 'zod';
import { OPENING_HOUR_RULE_TYPES } from '../contract/branch.js';
import { parsePolygon, parsePostcodes } from '../delivery-area.js';
import { renderMessage, t } from '../i18n/index.js';
import { PREPARATION_MINUTES_MAX } from '../preparation-time.js';
import { DEFAULT_SLOT_MINUTES, SLOT_MINUTES } from '../slot-capacity.js';
import { fields } from './fields.js';
import { ROLES } from './roles.js';

const flag = (fallback = false) => z.boolean().default(fallback);

/** Shortest password an account may get. */
export const PASSWORD_MIN_LENGTH = 10;
/** bcrypt reads at most 72 bytes; longer passwords would be silently cut. */
const PASSWORD_MAX_BYTES = 72;

/** Bytes of the text in UTF-8 (a lone surrogate counts as the 3 bytes of its replacement character). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** A new password: 10 characters at least, at most 72 bytes (German messages). */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH)
  .refine((v) => utf8Length(v) <= PASSWORD_MAX_BYTES, {
    message: `Das Passwort darf höchstens ${PASSWORD_MAX_BYTES} Byte lang sein.`,
  });

/** User names: letters, digits, dot, dash, underscore; never "@", so that a name is never an address. */
export const usernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, {
    message: 'Nur Buchstaben, Ziffern, Punkt, Bindestrich und Unterstrich sind erlaubt.',
  });

/** Writable fields of a user; `password` is write-only and optional (absent: the hash stays). */
export const userInput = z.object({
  username: usernameSchema,
  email: z
    .union([z.email().max(200), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : null)),
  firstName: fields.optionalText(100),
  lastName: fields.optionalText(100),
  roles: z
    .array(z.enum(ROLES))
    .min(1)
    .default(['ROLE_EMPLOYEE'])
    .transform((roles) => [...new Set(roles)]),
  branches: fields.refs(),
  isEnabled: fields.bool(true),
  isLocked: fields.bool(false),
  expiresAt: fields
    .dateTime()
    .nullish()
    .transform((v) => v ?? null),
  password: z.union([passwordSchema, z.literal(''), z.null()]).optional(),
});

export const divisionInput = z.object({
  identifier: fields.identifier(),
  name: fields.text(200),
  description: fields.optionalText(5000),
});

export const departmentInput = z.object({
  name: fields.text(200),
  identifier: fields.optionalIdentifier(),
  branch: fields.ref(),
  division: fields.optionalRef(),
  description: fields.optionalText(5000),
});

export const tableInput = z.object({
  identifier: z.string().trim().min(1).max(50),
  branch: fields.ref(),
});

export const tagInput = z.object({
  name: fields.text(100),
  image: fields.ref().nullish(),
});

export const openingHourRuleSchema = z
  .object({
    type: z.enum(OPENING_HOUR_RULE_TYPES),
    date: fields.date().nullish(),
    isClosed: z.boolean().default(false),
    from: fields.time(),
    to: fields.time(),
  })
  .refine((r) => r.type !== 'once' || !!r.date, {
    message: 'Bitte ein Datum für die einmalige Regel angeben.',
    path: ['date'],
  })
  .transform((r) => ({
    type: r.type,
    date: r.type === 'once' ? (r.date ?? null) : null,
    isClosed: r.isClosed,
    from: r.from,
    to: r.to,
  }));

export const deliveryAreaSchema = z.object({
  id: fields.childId(),
  area: fields.text(200),
  price: fields.money().default(0),
  tax: fields.percent().default(0),
  free: z.boolean().default(false),
  freeFromOrderValue: fields
    .money()
    .nullish()
    .transform((v) => v ?? null),
  minimumOrderValue: fields
    .money()
    .nullish()
    .transform((v) => v ?? null),
  /** Postcodes and ranges (`1070, 1080-1090`), kept as entered once they parse (delivery-area.ts). */
  postcodes: z
    .string()
    .max(2000)
    .nullish()
    .transform((v) => (v ?? '').trim())
    .superRefine((value, ctx) => {
      const parsed = parsePostcodes(value);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: renderMessage(parsed.error), input: value });
    }),
  /** Radius in km around the branch (0 or empty: none). */
  radiusKm: z
    .number()
    .min(0)
    .max(500)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** A GeoJSON Polygon/MultiPolygon (or a Feature holding one), as an object or as JSON text. */
  polygon: z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
        return null;
      let json: unknown = value;
      if (typeof value === 'string') {
        try {
          json = JSON.parse(value);
        } catch {
          json = null;
        }
      }
      const polygon = parsePolygon(json);
      if (!polygon) {
        ctx.addIssue({ code: 'custom', message: t('deliveryArea.polygonInvalid'), input: value });
        return z.NEVER;
      }
      return polygon;
    }),
});

let timeZones: Set<string> | undefined;
/** The IANA time zones this runtime knows (read once, on first use). */
const isTimeZone = (tz: string) =>
  tz === 'UTC' || (timeZones ??= new Set(Intl.supportedValuesOf('timeZone'))).has(tz);

export const branchInput = z.object({
  identifier: fields.identifier(),
  name: fields.text(200),
  division: fields.ref().nullish(),
  street: fields.optionalText(200),
  zipCode: fields.optionalText(20),
  city: fields.optionalText(100),
  phone: fields.optionalPhone(),
  email: fields.optionalEmail(),
  longitude: z
    .number()
    .min(-180)
    .max(180)
    .nullish()
    .transform((v) => v ?? null),
  latitude: z
    .number()
    .min(-90)
    .max(90)
    .nullish()
    .transform((v) => v ?? null),
  keywords: fields.optionalText(2000),
  isPublic: flag(true),
  tags: fields.refs(),
  images: fields.refs(),
  logo: fields.ref().nullish(),
  // No default here: a new branch takes its shop's market's zone (DE Europe/Berlin, AT Europe/Vienna), an
  // existing one keeps its own when the field is left out (backend branch resource).
  timeZone: z.string().refine(isTimeZone, { message: 'Unbekannte Zeitzone.' }).optional(),
  openingHours: z.array(openingHourRuleSchema).max(200).default([]),
  deliveryHours: z.array(openingHourRuleSchema).max(200).default([]),
  isDeliveryHoursEnabled: flag(),
  isTakeawayEnabled: flag(true),
  isDeliveryEnabled: flag(),
  isDineInEnabled: flag(),
  isTableSelectionEnabled: flag(),
  isPreorderEnabled: flag(),
  isAppointmentRequired: flag(),
  isQuotationRequired: flag(),
  orderableFrom: fields
    .dateTime()
    .nullish()
    .transform((v) => v ?? null),
  closedMessage: fields.optionalText(2000),
  deliveryAreas: z.array(deliveryAreaSchema).max(200).default([]),
  isDeliveryEmailRequired: flag(),
  isDineInEmailRequired: flag(),
  isTakeawayEmailRequired: flag(),
  isDeliveryPhoneRequired: flag(true),
  isDineInPhoneRequired: flag(),
  isTakeawayPhoneRequired: flag(),
  isDeliveryAddressRequired: flag(true),
  isDineInAddressRequired: flag(),
  isTakeawayAddressRequired: flag(),
  isCashEnabled: flag(true),
  isATMCardEnabled: flag(),
  isHydroAGVoucherEnabled: flag(),
  isMollieEnabled: flag(),
  isDatatransEnabled: flag(),
  slotMinutes: z
    .number()
    .int()
    .refine((v) => (SLOT_MINUTES as readonly number[]).includes(v), {
      message: 'Bitte eine Slotlänge von 5, 10, 15, 20, 30 oder 60 Minuten wählen.',
    })
    .default(DEFAULT_SLOT_MINUTES),
  slotCapacity: z
    .number()
    .int()
    .min(0)
    .max(10_000)
    .nullish()
    .transform((v) => v ?? null),
  deliverySlotCapacity: z
    .number()
    .int()
    .min(0)
    .max(10_000)
    .nullish()
    .transform((v) => v ?? null),
  defaultPreparationMinutes: z
    .number()
    .int()
    .min(0)
    .max(PREPARATION_MINUTES_MAX)
    .nullish()
    .transform((v) => v ?? null),
  isAutoAcceptEnabled: flag(),
});

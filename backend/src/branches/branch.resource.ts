import {
  DEFAULT_SLOT_MINUTES,
  OPENING_HOUR_RULE_TYPES,
  PREPARATION_MINUTES_MAX,
  SLOT_MINUTES,
  type Branch as BranchContract,
} from '@ordering/common';
import type { RequestContext } from '../core/request-context.js';
import { z } from 'zod';
import { defineResource } from '../crud/resource.js';
import { fields } from '../core/validation.js';
import { Branch } from './branch.entity.js';
import { newApiKey } from './api-key.js';
import { imageJson } from '../media/image-json.js';

const TIME_ZONES = new Set(Intl.supportedValuesOf('timeZone'));

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
});

const flag = (fallback = false) => z.boolean().default(fallback);

export const branchInput = z.object({
  identifier: fields.identifier(),
  name: fields.text(200),
  division: fields.ref().nullish(),
  street: fields.optionalText(200),
  zipCode: fields.optionalText(20),
  city: fields.optionalText(100),
  phone: fields.optionalText(50),
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
  timeZone: z
    .string()
    .default('Europe/Vienna')
    .refine((tz) => TIME_ZONES.has(tz) || tz === 'UTC', { message: 'Unbekannte Zeitzone.' }),
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

export const branchResource = defineResource({
  path: 'branches',
  entity: Branch,
  names: { plural: 'Filialen', singular: 'Filiale' },
  input: branchInput,
  read: 'organisation:read',
  write: 'organisation:write',
  publicRead: true,
  relations: ['division', 'tags', 'images', 'logo'],
  children: ['deliveryAreas'],
  filters: {
    division: { type: 'number' },
    tag: {
      type: 'number',
      apply: (qb, alias, value) =>
        qb.andWhere(
          `EXISTS (SELECT 1 FROM branch_tag bt WHERE bt.branch_id = ${alias}.id AND bt.tag_id = :tagFilter)`,
          { tagFilter: value },
        ),
    },
    isPublic: { type: 'boolean' },
  },
  searchable: ['name', 'identifier', 'city', 'zipCode', 'street', 'keywords'],
  sortable: ['name', 'identifier', 'city', 'zipCode'],
  defaultSort: 'name',
  unique: ['identifier'],
  toJson: branchJson,
  assign: (_em, branch) => {
    if (!branch.apiKey) branch.apiKey = newApiKey();
  },
});

/**
 * A branch as the API shows it: every field listed (a new column is not published by accident); the
 * API key of the terminal order lists only for those who manage branches.
 */
export function branchJson(branch: Branch, ctx: RequestContext): BranchContract & { apiKey?: string } {
  const json = {
    id: branch.id,
    createdAt: branch.createdAt.toISOString(),
    updatedAt: branch.updatedAt.toISOString(),
    identifier: branch.identifier,
    name: branch.name,
    division: branch.division ? { id: branch.division.id } : null,
    street: branch.street,
    zipCode: branch.zipCode,
    city: branch.city,
    phone: branch.phone,
    email: branch.email,
    longitude: branch.longitude,
    latitude: branch.latitude,
    keywords: branch.keywords,
    isPublic: branch.isPublic,
    tags: (branch.tags ?? []).map((tag) => ({ id: tag.id })).sort((a, b) => a.id - b.id),
    images: (branch.images ?? []).map(imageJson),
    logo: branch.logo ? imageJson(branch.logo) : null,
    timeZone: branch.timeZone,
    openingHours: branch.openingHours,
    deliveryHours: branch.deliveryHours,
    isDeliveryHoursEnabled: branch.isDeliveryHoursEnabled,
    isTakeawayEnabled: branch.isTakeawayEnabled,
    isDeliveryEnabled: branch.isDeliveryEnabled,
    isDineInEnabled: branch.isDineInEnabled,
    isTableSelectionEnabled: branch.isTableSelectionEnabled,
    isPreorderEnabled: branch.isPreorderEnabled,
    isAppointmentRequired: branch.isAppointmentRequired,
    isQuotationRequired: branch.isQuotationRequired,
    orderableFrom: branch.orderableFrom ? branch.orderableFrom.toISOString() : null,
    closedMessage: branch.closedMessage,
    deliveryAreas: [...(branch.deliveryAreas ?? [])]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((area) => ({
        id: area.id,
        area: area.area,
        price: area.price,
        tax: area.tax,
        free: area.free,
        freeFromOrderValue: area.freeFromOrderValue,
        minimumOrderValue: area.minimumOrderValue,
      })),
    isDeliveryEmailRequired: branch.isDeliveryEmailRequired,
    isDineInEmailRequired: branch.isDineInEmailRequired,
    isTakeawayEmailRequired: branch.isTakeawayEmailRequired,
    isDeliveryPhoneRequired: branch.isDeliveryPhoneRequired,
    isDineInPhoneRequired: branch.isDineInPhoneRequired,
    isTakeawayPhoneRequired: branch.isTakeawayPhoneRequired,
    isDeliveryAddressRequired: branch.isDeliveryAddressRequired,
    isDineInAddressRequired: branch.isDineInAddressRequired,
    isTakeawayAddressRequired: branch.isTakeawayAddressRequired,
    isCashEnabled: branch.isCashEnabled,
    isATMCardEnabled: branch.isATMCardEnabled,
    isHydroAGVoucherEnabled: branch.isHydroAGVoucherEnabled,
    isMollieEnabled: branch.isMollieEnabled,
    isDatatransEnabled: branch.isDatatransEnabled,
    slotMinutes: branch.slotMinutes,
    slotCapacity: branch.slotCapacity,
    deliverySlotCapacity: branch.deliverySlotCapacity,
    defaultPreparationMinutes: branch.defaultPreparationMinutes,
    isAutoAcceptEnabled: branch.isAutoAcceptEnabled,
  } satisfies BranchContract;
  return ctx.can('organisation:write') ? { ...json, apiKey: branch.apiKey } : json;
}

import { marketProfile, type Branch as BranchContract } from '@ordering/common';
import { branchInput, deliveryAreaSchema, openingHourRuleSchema } from '@ordering/common/schemas';
import type { RequestContext } from '../core/request-context.js';
import { defineResource } from '../crud/resource.js';
import { Branch } from './branch.entity.js';
import { newApiKey } from './api-key.js';
import { imageJson } from '../media/image-json.js';
import { ShopConfig } from '../config/shop-config.entity.js';

// The input shape is shared with the back office's form (common/src/schemas/organisation.ts).
export { branchInput, deliveryAreaSchema, openingHourRuleSchema };

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
  assign: async (em, branch, input) => {
    if (!branch.apiKey) branch.apiKey = newApiKey();
    // Without a time zone a new branch takes its shop's market's (DE Europe/Berlin, AT Europe/Vienna); an
    // existing branch keeps its own (docs/decisions/legal.md, "Market profile").
    if (input.timeZone === undefined && !branch.id) {
      const config = await em
        .getRepository(ShopConfig)
        .findOne({ where: { id: 1 }, select: { id: true, market: true } });
      branch.timeZone = marketProfile(config?.market).timeZone;
    }
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
        postcodes: area.postcodes ?? '',
        radiusKm: area.radiusKm ?? null,
        polygon: area.polygon ?? null,
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
    orderingPause: branch.orderingPause ?? null,
    busyMode: branch.busyMode ?? null,
  } satisfies BranchContract;
  return ctx.can('organisation:write') ? { ...json, apiKey: branch.apiKey } : json;
}

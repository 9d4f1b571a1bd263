import { ENTITY_NAMES } from '@ordering/common';
import { z } from 'zod';
import { defineResource } from '../../crud/resource.js';
import { fields } from '../../core/validation.js';
import { optionalRef, parseNested } from '../operations.validation.js';
import { DEVICE_SETTINGS, DEVICE_TYPES } from './device-settings.js';
import { Device } from './device.entity.js';

/** The masked form of the key that GET shows: never the key, only its last four characters. */
export const maskedKey = (hint: string | null) => (hint ? `••••••••${hint}` : null);

export const deviceResource = defineResource({
  path: 'devices',
  entity: Device,
  names: ENTITY_NAMES.devices,
  input: z.object({
    identifier: fields.identifier(),
    name: fields.optionalText(200),
    type: z.enum(DEVICE_TYPES),
    branch: optionalRef(),
    isEnabled: fields.bool(true),
    /** Checked against the settings of the device's type in `assign`. */
    settings: z
      .looseObject({})
      .nullish()
      .transform((v) => v ?? {}),
  }),
  read: 'devices:read',
  write: 'devices:write',
  relations: ['branch'],
  branchScope: 'branch',
  filters: {
    branch: { type: 'number' },
    type: { type: 'string' },
    isEnabled: { type: 'boolean' },
  },
  searchable: ['identifier', 'name'],
  sortable: ['identifier', 'name', 'type', 'lastSeenAt'],
  defaultSort: 'identifier',
  unique: ['identifier'],
  trackVersion: false,
  assign: (_em, device, input) => {
    device.settings = parseNested(DEVICE_SETTINGS[device.type], input.settings, 'settings');
  },
  toJson: (device) => ({
    id: device.id,
    createdAt: device.createdAt,
    updatedAt: device.updatedAt,
    identifier: device.identifier,
    name: device.name,
    type: device.type,
    branch: device.branch ? { id: device.branch.id } : null,
    isEnabled: device.isEnabled,
    settings: device.settings,
    lastSeenAt: device.lastSeenAt,
    // The key itself is shown once, by POST /api/devices/{id}/api-key; afterwards only this mask.
    apiKeyHint: maskedKey(device.apiKeyHint),
  }),
});

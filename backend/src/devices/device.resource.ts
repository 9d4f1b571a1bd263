import { deviceInput } from '@ordering/common/schemas';
import { ENTITY_NAMES } from '@ordering/common';
import { defineResource } from '../crud/resource.js';
import { parseNested } from '../core/validation.js';
import { deviceNow, isOnline, maskedKey } from '../core/device-presence.js';
import { DEVICE_SETTINGS, printerStateText } from './device-settings.js';
import { Device } from './device.entity.js';

export const deviceResource = defineResource({
  path: 'devices',
  entity: Device,
  names: ENTITY_NAMES.devices,
  input: deviceInput,
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
    // The device list's columns: online while heartbeats come, and the printer as the terminal reported it.
    connection: isOnline(device.lastSeenAt, deviceNow()) ? 'online' : 'offline',
    printerState: device.printerState,
    printerStateAt: device.printerStateAt,
    printerStatus: device.printerState ? printerStateText(device.printerState) : null,
  }),
});

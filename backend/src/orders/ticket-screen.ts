import { rowIdOf } from '@ordering/common/schemas';
import type { EntityManager } from 'typeorm';
import { branchDeviceOfKey } from '../auth/device-authenticator.js';
import { branchOfOwnKey } from '../auth/branch-key.js';
import { ShopConfig } from '../config/shop-config.entity.js';
import { DomainError, reasonError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';

/** Device types whose key opens the ticket screen of their branch. */
const SCREEN_DEVICE_TYPES = ['ticket-screen', 'frontdesk'];
/** How long a ready number stays on the screen when no device setting says otherwise. */
export const DEFAULT_READY_SECONDS = 600;

/** Columns of numbers per list when no device setting says otherwise. */
export const DEFAULT_TICKET_COLUMNS = 3;

/** What the ticket screen needs to know about itself. */
export interface TicketScreenAccess {
  branchId: number;
  /** How long a ready number stays on screen (the ticket-screen device's `displaySeconds`). */
  readySeconds: number;
  /** Columns of numbers in each list (the ticket-screen device's `columns`). */
  columns: number;
}

/**
 * The shop's `enablePluginFrontdesk`: while it is off, the ticket screen and the front-desk routes answer
 * 403 with code `frontdesk_disabled`, whatever the key.
 */
export async function assertFrontdeskEnabled(em: EntityManager): Promise<void> {
  const config = await em
    .getRepository(ShopConfig)
    .findOne({ where: { id: 1 }, select: { id: true, enablePluginFrontdesk: true } });
  if (!config?.enablePluginFrontdesk) {
    throw reasonError('forbidden', 'frontdesk_disabled');
  }
}

const positive = (value: unknown, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * Who may open `/frontdesk/{branchId}/{apiKey}` (see docs/decisions/orders.md "Ticket screen"): the key of an
 * enabled ticket-screen or front-desk device of that branch, or the branch's own API key (the spec's
 * front-desk list). Keys are compared as SHA-256 digests (device) or in constant time (branch); an unknown
 * branch, a device of another branch, a disabled device and a wrong key are the same 401.
 */
export async function ticketScreenAccess(
  em: EntityManager,
  rawBranchId: string,
  key: string,
): Promise<TicketScreenAccess> {
  await assertFrontdeskEnabled(em);
  const id = rowIdOf(rawBranchId);
  const device = await branchDeviceOfKey(em, id, key, SCREEN_DEVICE_TYPES);
  if (device) {
    const settings = device.type === 'ticket-screen' ? (device.settings as Record<string, unknown>) : {};
    return {
      branchId: device.branchId,
      readySeconds: positive(settings.displaySeconds, DEFAULT_READY_SECONDS),
      columns: positive(settings.columns, DEFAULT_TICKET_COLUMNS),
    };
  }
  const branch = await branchOfOwnKey(em, id, key);
  if (!branch) throw new DomainError('unauthorized', HTTP_MESSAGES.unauthorized);
  return { branchId: branch.id, readySeconds: DEFAULT_READY_SECONDS, columns: DEFAULT_TICKET_COLUMNS };
}

/** A paired front-desk terminal proven by its key in the path (docs/decisions/frontdesk-board.md). */
export interface FrontdeskTerminal {
  branchId: number;
  deviceId: number;
  identifier: string;
}

/**
 * The enabled front-desk device of this branch whose key is in the path, or null: a kiosk, signage, ticket
 * screen or back-office key, another branch's device, a disabled device and the branch's own key are all
 * no terminal (the board's reads and actions need the terminal's own key).
 */
export async function frontdeskTerminal(
  em: EntityManager,
  rawBranchId: string,
  key: string,
): Promise<FrontdeskTerminal | null> {
  const device = await branchDeviceOfKey(em, rowIdOf(rawBranchId), key, ['frontdesk']);
  return device && { branchId: device.branchId, deviceId: device.id, identifier: device.identifier };
}

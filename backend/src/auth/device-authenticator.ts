import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { EntityManager } from 'typeorm';
import { requestScope } from '../core/logger.js';
import { type AuthDevice, RequestContext } from '../core/request-context.js';
import { API_TOKEN_PREFIX, isKeyShaped, sha256 } from './secrets.js';
import { TransactionalConnection } from '../core/transaction.js';

/** The `Authorization: Bearer <secret>` of a request (API token, device key or pairing secret). */
export const bearerOf = (req: Request): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(req.header('authorization') ?? '')?.[1];

/** Device keys are stored as their sha256 in hex, like every other secret. */
export const hashDeviceKey = sha256;

type Query = Pick<EntityManager, 'query'>;

/** A device found by its key: what the guard needs, its name and its settings. */
export type KeyDevice = AuthDevice & { identifier: string; settings: Record<string, unknown> };

/**
 * The enabled device with this key, or null (unknown key, disabled or unpaired device). The one place a
 * device key is looked up: the guard's {@link DeviceAuthenticator} and the routes with the key in the
 * path (ticket screen, front desk, time clock) use it through {@link branchDeviceOfKey}.
 */
export async function deviceOfKey(db: Query, key: string): Promise<KeyDevice | null> {
  if (!isKeyShaped(key)) return null;
  const rows: Array<{
    id: number;
    identifier: string;
    type: string;
    branch_id: number | null;
    settings: Record<string, unknown> | string | null;
  }> = await db.query(
    `SELECT id, identifier, type, branch_id, settings FROM device WHERE api_key_hash = $1 AND is_enabled`,
    [hashDeviceKey(key)],
  );
  const row = rows[0];
  if (!row) return null;
  const settings = (typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings) ?? {};
  const printer = (settings as { printer?: unknown }).printer;
  return {
    id: Number(row.id),
    identifier: row.identifier,
    type: row.type,
    branchId: row.branch_id === null ? null : Number(row.branch_id),
    hasPrinter: row.type === 'printer' || (typeof printer === 'object' && printer !== null),
    settings,
  };
}

/**
 * The enabled device of one of `types`, paired with branch `branchId`, whose key a screen's path carries
 * (the ticket screen, the front desk's board, the time clock), or null: another branch's device, a device of
 * another type, a disabled device and an id out of range are none.
 */
export async function branchDeviceOfKey(
  db: Query,
  branchId: number | null,
  key: string,
  types: readonly string[],
): Promise<(KeyDevice & { branchId: number }) | null> {
  if (branchId === null) return null;
  const device = await deviceOfKey(db, key);
  return device && device.branchId === branchId && types.includes(device.type)
    ? { ...device, branchId }
    : null;
}

/**
 * The device side of the guard: a request whose bearer is not a personal API token (those start with
 * `bpt_`) is a device's, and its context carries the device (method `device`, no user), or is anonymous
 * for an unknown key. Requests without a bearer are none of its business (null: the user authenticator
 * decides).
 */
@Injectable()
export class DeviceAuthenticator {
  constructor(private readonly connection: TransactionalConnection) {}

  async authenticate(req: Request): Promise<RequestContext | null> {
    const bearer = bearerOf(req);
    if (!bearer || bearer.startsWith(API_TOKEN_PREFIX)) return null;
    const requestId = requestScope.getStore()?.requestId;
    const device = await deviceOfKey(this.connection.manager(), bearer);
    if (!device) return RequestContext.anonymous(requestId);
    const { id, type, branchId, hasPrinter } = device;
    return RequestContext.ofDevice({ id, type, branchId, hasPrinter }, requestId);
  }
}

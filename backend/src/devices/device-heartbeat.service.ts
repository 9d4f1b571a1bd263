import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { parseInput } from '../core/validation.js';
import type { AuthDevice, RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { EventLogWriter } from '../events/event-log.writer.js';
import { Device } from './device.entity.js';
import { isOnline } from '../core/device-presence.js';
import { printerStateSchema, printerStateText } from './device-settings.js';

/** The heartbeat's body: what the terminal knows about its printer (optional; older terminals send none). */
const heartbeatSchema = z.object({ printer: printerStateSchema.nullish() });

/** The device a request authenticated with its key (`Authorization: Bearer <device key>`). */
export type AuthenticatedDevice = Pick<AuthDevice, 'id' | 'branchId'>;

/**
 * The device on the context (the guard's device authenticator put it there for a `@ForDevices` route).
 * @throws DomainError unauthorized (no device: never on such a route).
 */
export function deviceOf(ctx: RequestContext): AuthDevice {
  if (!ctx.device) throw new DomainError('unauthorized', HTTP_MESSAGES.unauthorized);
  return ctx.device;
}

/** A terminal's sign of life: when it was last seen and what it knows about its printer. */
@Injectable()
export class DeviceHeartbeatService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
    private readonly eventLog: EventLogWriter,
  ) {}

  /** `POST /api/devices/me/heartbeat`: `lastSeenAt` = now; answers the device, its settings and whether logs are wanted. */
  async heartbeat(ctx: RequestContext, device: AuthenticatedDevice, body?: unknown) {
    const { printer } = parseInput(heartbeatSchema, body ?? {});
    return this.connection.withTransaction(ctx, async (em) => {
      const now = this.clock.now();
      const before = await em.findOneOrFail(Device, { where: { id: device.id } });
      await em.update(
        Device,
        { id: device.id },
        { lastSeenAt: now, ...(printer ? { printerState: printer, printerStateAt: now } : {}) },
      );
      const cameOnline = !isOnline(before.lastSeenAt, now);
      const changed = printer && JSON.stringify(printer) !== JSON.stringify(before.printerState);
      if ((changed || cameOnline) && device.branchId !== null) {
        // The board and the back office learn it at once (the device list reads the same fields).
        const state = printer ?? before.printerState;
        await this.eventLog.append(ctx, em, {
          type: 'device.status',
          branchId: device.branchId,
          orderUid: null,
          payload: {
            deviceId: device.id,
            name: before.name || before.identifier,
            connection: 'online',
            printerState: state,
            printerStatus: state ? printerStateText(state) : null,
          },
          publicPayload: null,
        });
      }
      const row = await em.findOneOrFail(Device, { where: { id: device.id }, relations: { branch: true } });
      const open: unknown[] = await em.query(
        `SELECT 1 FROM device_log WHERE device_id = $1 AND uploaded_at IS NULL LIMIT 1`,
        [device.id],
      );
      return {
        id: row.id,
        identifier: row.identifier,
        name: row.name,
        type: row.type,
        branch: row.branch
          ? { id: row.branch.id, identifier: row.branch.identifier, name: row.branch.name }
          : null,
        settings: row.settings,
        lastSeenAt: row.lastSeenAt,
        /** Staff asked for the logs (`request-device-logs`) and the terminal has not uploaded them yet. */
        logsRequested: open.length > 0,
      };
    });
  }
}

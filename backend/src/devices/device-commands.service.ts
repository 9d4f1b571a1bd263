import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { parseInput } from '../core/validation.js';
import { EventLogWriter } from '../events/event-log.writer.js';
import { Device } from './device.entity.js';
import { isOnline, maskedKey } from '../core/device-presence.js';
import { DigitalSignageDevice } from '../operations/signage/digital-signage-device.entity.js';
import { DigitalSignageStream } from '../operations/signage/digital-signage-stream.entity.js';
import { DeviceLog } from './device-log.entity.js';
import type { AuthenticatedDevice } from './device-heartbeat.service.js';
import { DevicePairingService } from './device-pairing.service.js';

export { DEVICE_ONLINE_MS as ONLINE_WITHIN_MS } from '../core/device-presence.js';
/** What one upload may carry. */
export const MAX_LOG_LINES = 500;
const MAX_LOG_CHARS = 256 * 1024;

const logsInput = z.object({
  lines: z.array(z.string().max(4000)).max(MAX_LOG_LINES),
});

export interface DeviceStatus {
  id: number;
  /** Whether the device has a key (paired). */
  paired: boolean;
  apiKeyHint: string | null;
  lastSeenAt: Date | null;
  online: boolean;
  /** The latest logs request and what the terminal uploaded for it (null: never asked). */
  logs: { requestedAt: Date | null; uploadedAt: Date | null; lines: string[] } | null;
}

/**
 * What staff do to a terminal from the back office — a test notification, asking for its logs — and what
 * they read about it (paired, online, the uploaded logs). Commands reach the terminal as events on its
 * branch's stream (`device.notification`, `device.logs`, each naming the device); a logs request also
 * waits in `device_log` so a terminal that missed the event uploads after its next heartbeat.
 */
@Injectable()
export class DeviceCommandsService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
    private readonly eventLog: EventLogWriter,
    private readonly pairing: DevicePairingService,
  ) {}

  /** `POST /api/devices/{id}/test/notification`: the terminal shows "Testbenachrichtigung". */
  async testNotification(
    ctx: RequestContext,
    deviceId: number,
  ): Promise<{ deviceId: number; online: boolean }> {
    return this.connection.withTransaction(ctx, async (em) => {
      const device = await this.pairing.loadDevice(ctx, deviceId);
      if (!device.branch)
        throw new DomainError('validation', 'Das Gerät ist keiner Filiale zugeordnet.', 'branch');
      await this.eventLog.append(ctx, em, {
        type: 'device.notification',
        branchId: device.branch.id,
        orderUid: null,
        payload: {
          deviceId,
          title: 'Testbenachrichtigung',
          body: `Dieses Gerät (${device.name || device.identifier}) empfängt Benachrichtigungen.`,
        },
        publicPayload: null,
      });
      return { deviceId, online: this.isOnline(device.lastSeenAt) };
    });
  }

  /** `POST /api/devices/{id}/request-device-logs`: asks the terminal for its recent logs. */
  async requestLogs(ctx: RequestContext, deviceId: number): Promise<{ deviceId: number; requestedAt: Date }> {
    return this.connection.withTransaction(ctx, async (em) => {
      const device = await this.pairing.loadDevice(ctx, deviceId);
      const requestedAt = this.clock.now();
      await em.save(
        em.create(DeviceLog, { device: { id: deviceId }, requestedAt, uploadedAt: null, lines: null }),
      );
      if (device.branch)
        await this.eventLog.append(ctx, em, {
          type: 'device.logs',
          branchId: device.branch.id,
          orderUid: null,
          payload: { deviceId },
          publicPayload: null,
        });
      return { deviceId, requestedAt };
    });
  }

  /** `POST /api/devices/me/logs` (device key): fills the open requests, or stores an unrequested upload. */
  async uploadLogs(ctx: RequestContext, device: AuthenticatedDevice, body: unknown) {
    const { lines } = parseInput(logsInput, body);
    let text = lines.join('\n');
    // Keep the newest lines when the upload is larger than a row should be.
    if (text.length > MAX_LOG_CHARS) text = text.slice(text.length - MAX_LOG_CHARS).replace(/^[^\n]*\n/, '');
    return this.connection.withTransaction(ctx, async (em) => {
      const now = this.clock.now();
      const open: Array<{ id: number }> = await em.query(
        `SELECT id FROM device_log WHERE device_id = $1 AND uploaded_at IS NULL ORDER BY id`,
        [device.id],
      );
      if (open.length) {
        await em.query(`UPDATE device_log SET uploaded_at = $2, lines = $3 WHERE id = ANY($1)`, [
          open.map((r) => Number(r.id)),
          now,
          text,
        ]);
      } else {
        await em.save(
          em.create(DeviceLog, {
            device: { id: device.id },
            requestedAt: null,
            uploadedAt: now,
            lines: text,
          }),
        );
      }
      // Only the last few uploads matter.
      await em.query(
        `DELETE FROM device_log WHERE device_id = $1 AND id NOT IN (SELECT id FROM device_log WHERE device_id = $1 ORDER BY id DESC LIMIT 5)`,
        [device.id],
      );
      return { uploadedAt: now, lines: text ? text.split('\n').length : 0 };
    });
  }

  /** `GET /api/devices/{id}/status` (staff): paired, online, the latest logs. */
  async status(ctx: RequestContext, deviceId: number): Promise<DeviceStatus> {
    const device = await this.pairing.loadDevice(ctx, deviceId);
    const em = this.connection.manager(ctx);
    const keyed: Array<{ has_key: boolean }> = await em.query(
      `SELECT api_key_hash IS NOT NULL AS has_key FROM device WHERE id = $1`,
      [deviceId],
    );
    const latest = await em.findOne(DeviceLog, {
      where: { device: { id: deviceId } },
      order: { id: 'DESC' },
    });
    return {
      id: device.id,
      paired: !!keyed[0]?.has_key,
      apiKeyHint: maskedKey(device.apiKeyHint),
      lastSeenAt: device.lastSeenAt,
      online: this.isOnline(device.lastSeenAt),
      logs: latest
        ? {
            requestedAt: latest.requestedAt,
            uploadedAt: latest.uploadedAt,
            lines: latest.lines ? latest.lines.split('\n') : [],
          }
        : null,
    };
  }

  /**
   * `GET /api/devices/me/signage` (device key): the TV its settings name (`settings.tv`; the shell opens that
   * TV's web player `/signage/{identifier}/{its own key}`), and the TV's stream with its enabled segments
   * valid now, in play order, each with the URL of its file (a new version is a new URL).
   */
  async signage(ctx: RequestContext, auth: AuthenticatedDevice) {
    const em = this.connection.manager(ctx);
    const device = await em.findOneByOrFail(Device, { id: auth.id });
    const tvId = device.type === 'signage' ? Number(device.settings.tv) || null : null;
    const tv = tvId
      ? await em.findOne(DigitalSignageDevice, { where: { id: tvId }, relations: { stream: true } })
      : null;
    const tvJson = tv ? { id: tv.id, identifier: tv.identifier, name: tv.name } : null;
    const stream = tv?.stream
      ? await em.findOne(DigitalSignageStream, {
          where: { id: tv.stream.id },
          relations: { items: { segment: { image: true, video: true } } },
        })
      : null;
    if (!stream) return { tv: tvJson, stream: null, loop: true, segments: [] };
    const now = this.clock.now();
    const segments = [...stream.items]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((item) => item.segment)
      .filter(
        (s) =>
          s.isEnabled &&
          (!s.validFrom || s.validFrom <= now) &&
          (!s.validUntil || s.validUntil > now) &&
          (s.type === 'image' ? !!s.image : !!s.video),
      )
      .map((s) => ({
        id: s.id,
        type: s.type,
        url:
          s.type === 'image'
            ? `/image/${s.image!.id}-${s.image!.version}.${s.image!.extension}`
            : `/upload/${s.video!.publicHash}/${s.video!.id}-${s.video!.version}.${s.video!.extension}`,
        duration: s.duration,
      }));
    return { tv: tvJson, stream: { id: stream.id, name: stream.name }, loop: stream.loop, segments };
  }

  isOnline(lastSeenAt: Date | null): boolean {
    return isOnline(lastSeenAt, this.clock.now());
  }
}

import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { bearerOf } from '../auth/device-authenticator.js';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { parseInput } from '../core/validation.js';
import { Device } from './device.entity.js';
import { hashDeviceKey, NEWEST_JOB } from './device-key.service.js';
import { maskedKey } from '../core/device-presence.js';
import { DevicePairing } from './device-pairing.entity.js';

/** How long a pairing code is valid. Pairing takes under a minute; ten leave room for walking to the PC. */
export const PAIRING_TTL_MS = 10 * 60_000;
/** 31 characters without look-alikes (no 0/O, 1/I/L): 31^8 ≈ 8.5 · 10^11 codes. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

const UNKNOWN_CODE = 'Der Kopplungscode ist unbekannt oder abgelaufen.';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** `abcd-efgh`, `ABCD EFGH` → `ABCDEFGH`. */
export const normaliseCode = (raw: string) => raw.toUpperCase().replace(/[\s-]/g, '');
/** `ABCDEFGH` → `ABCD-EFGH` (as the terminal shows it). */
export const formatCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

const pairInput = z.object({
  code: z
    .string({ message: 'Bitte geben Sie den Kopplungscode ein.' })
    .transform(normaliseCode)
    .pipe(
      z.string().regex(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`), {
        message: 'Der Kopplungscode besteht aus 8 Buchstaben und Ziffern, z. B. ABCD-EF23.',
      }),
    ),
});

export type PairingPoll =
  | { status: 'waiting'; expiresAt: Date }
  | {
      status: 'paired';
      deviceKey: string;
      device: {
        id: number;
        identifier: string;
        name: string;
        type: string;
        branch: { id: number; identifier: string } | null;
      };
    };

/**
 * Pairing a terminal (docs/decisions/terminal.md): the terminal opens a pairing (public, rate-limited) and
 * gets a code to show and a secret to keep; an administrator enters the code at a device; the terminal,
 * polling with its secret, collects a new device key exactly once. The key is made at collection time,
 * so it is never stored in clear anywhere on the server.
 */
@Injectable()
export class DevicePairingService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
    private readonly bus: EventBus,
  ) {}

  /** `POST /api/devices/pairing`: a new code and the secret that collects the key. */
  async open(ctx: RequestContext): Promise<{ code: string; secret: string; expiresAt: Date }> {
    return this.connection.withTransaction(ctx, async (em) => {
      const now = this.clock.now();
      // Expired codes are worth nothing: clean them up on the way.
      await em.query(`DELETE FROM device_pairing WHERE expires_at < $1`, [now]);
      const secret = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + PAIRING_TTL_MS);
      for (let attempt = 0; ; attempt++) {
        const code = Array.from(
          { length: CODE_LENGTH },
          () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
        ).join('');
        const taken = await em.count(DevicePairing, { where: { code } });
        if (taken && attempt < 5) continue;
        await em.save(
          em.create(DevicePairing, { code, secretHash: sha256(secret), expiresAt, device: null }),
        );
        return { code: formatCode(code), secret, expiresAt };
      }
    });
  }

  /**
   * `POST /api/devices/{id}/pair` (staff): binds the code to the device. The device's old key stops
   * working at once (re-pairing replaces a terminal); the new one exists when the terminal collects it.
   * @throws DomainError validation (code malformed, unknown, expired or already used) / not_found / forbidden.
   */
  async pair(ctx: RequestContext, deviceId: number, body: unknown): Promise<{ id: number; code: string }> {
    const { code } = parseInput(pairInput, body);
    return this.connection.withTransaction(ctx, async (em) => {
      const device = await this.loadDevice(ctx, deviceId);
      const rows: Array<{ id: number }> = await em.query(
        `SELECT id FROM device_pairing WHERE code = $1 AND expires_at >= $2 AND device_id IS NULL FOR UPDATE`,
        [code, this.clock.now()],
      );
      if (!rows[0]) throw new DomainError('validation', UNKNOWN_CODE, 'code');
      await em.query(`DELETE FROM device_pairing WHERE device_id = $1`, [deviceId]);
      await em.query(`UPDATE device_pairing SET device_id = $2 WHERE id = $1`, [rows[0].id, deviceId]);
      await em.update(Device, { id: deviceId }, { apiKeyHash: null, apiKeyHint: null });
      await this.bus.publish(ctx, 'credentials.ended', { subject: 'device', id: deviceId });
      await this.bus.publish(ctx, 'entity.updated', {
        entityType: 'devices',
        entityId: deviceId,
        changes: {
          paired: { from: device.apiKeyHint ? maskedKey(device.apiKeyHint) : null, to: formatCode(code) },
        },
        // A key is no public data: no collection version.
        trackVersion: false,
      });
      return { id: deviceId, code: formatCode(code) };
    });
  }

  /**
   * `GET /api/devices/pairing/{code}` with `Authorization: Bearer <secret>`: waiting, or the device key
   * (once: the pairing is deleted as the key is made). A wrong secret is the same 404 as an unknown code.
   */
  async poll(ctx: RequestContext, rawCode: string, req: Request): Promise<PairingPoll> {
    const secret = bearerOf(req) ?? '';
    const code = normaliseCode(rawCode);
    return this.connection.withTransaction(ctx, async (em) => {
      const rows: Array<{ id: number; secret_hash: string; expires_at: Date; device_id: number | null }> =
        await em.query(
          `SELECT id, secret_hash, expires_at, device_id FROM device_pairing WHERE code = $1 FOR UPDATE`,
          [code],
        );
      const row = rows[0];
      const now = this.clock.now();
      if (!row || row.secret_hash !== sha256(secret) || new Date(row.expires_at) < now)
        throw new DomainError('not_found', UNKNOWN_CODE);
      if (row.device_id === null) return { status: 'waiting', expiresAt: new Date(row.expires_at) };
      const device = await em.findOneOrFail(Device, {
        where: { id: Number(row.device_id) },
        relations: { branch: true },
      });
      const deviceKey = randomBytes(24).toString('hex');
      await em.update(
        Device,
        { id: device.id },
        {
          apiKeyHash: hashDeviceKey(deviceKey),
          apiKeyHint: deviceKey.slice(-4),
          // A new terminal prints from now on; the backlog only on request (docs/decisions/printing.md).
          printsAfterJob: NEWEST_JOB,
        },
      );
      await em.query(`DELETE FROM device_pairing WHERE id = $1`, [row.id]);
      return {
        status: 'paired',
        deviceKey,
        device: {
          id: device.id,
          identifier: device.identifier,
          name: device.name,
          type: device.type,
          branch: device.branch ? { id: device.branch.id, identifier: device.branch.identifier } : null,
        },
      };
    });
  }

  /** `POST /api/devices/{id}/unpair` (staff): the key stops working, a pending pairing is dropped. */
  async unpair(ctx: RequestContext, deviceId: number): Promise<{ id: number; paired: false }> {
    return this.connection.withTransaction(ctx, async (em) => {
      const device = await this.loadDevice(ctx, deviceId);
      await em.query(`DELETE FROM device_pairing WHERE device_id = $1`, [deviceId]);
      await em.update(Device, { id: deviceId }, { apiKeyHash: null, apiKeyHint: null });
      await this.bus.publish(ctx, 'credentials.ended', { subject: 'device', id: deviceId });
      await this.bus.publish(ctx, 'entity.updated', {
        entityType: 'devices',
        entityId: deviceId,
        changes: { apiKeyHint: { from: maskedKey(device.apiKeyHint), to: null } },
        // A key is no public data: no collection version.
        trackVersion: false,
      });
      return { id: deviceId, paired: false as const };
    });
  }

  /** The device, if it exists and lies in the user's branches. */
  async loadDevice(ctx: RequestContext, id: number): Promise<Device> {
    const device = await this.connection
      .manager(ctx)
      .findOne(Device, { where: { id }, relations: { branch: true } });
    if (!device) throw new DomainError('not_found', 'Gerät wurde nicht gefunden.');
    if (!ctx.mayAccessBranch(device.branch?.id)) throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    return device;
  }
}

import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../core/request-context.js';
import { DomainError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import { TransactionalConnection } from '../core/transaction.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { maskedKey } from '../core/device-presence.js';
import { Device } from './device.entity.js';
import { hashDeviceKey } from '../auth/device-authenticator.js';

/** The newest job id now: a device set up with a new key prints jobs after it (older ones on request). */
export const NEWEST_JOB = () => '(SELECT coalesce(max(id), 0) FROM job)';

export { hashDeviceKey };

/** Issues device API keys: the key is returned once, only its hash and last four characters are kept. */
@Injectable()
export class DeviceKeyService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly bus: EventBus,
  ) {}

  /**
   * Replaces the device's key with a new random one (an old key stops working at once).
   * @returns the new key, which is never shown again, and its mask.
   * @throws DomainError not_found / forbidden (device of a branch outside the user's scope).
   */
  async issue(ctx: RequestContext, id: number): Promise<{ id: number; apiKey: string; apiKeyHint: string }> {
    return this.connection.withTransaction(ctx, async (em) => {
      const device = await em.findOne(Device, { where: { id }, relations: { branch: true } });
      if (!device) throw new DomainError('not_found', 'Gerät wurde nicht gefunden.');
      if (!ctx.mayAccessBranch(device.branch?.id))
        throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
      const apiKey = randomBytes(24).toString('hex');
      const hint = apiKey.slice(-4);
      await em.update(
        Device,
        { id },
        { apiKeyHash: hashDeviceKey(apiKey), apiKeyHint: hint, printsAfterJob: NEWEST_JOB },
      );
      await this.bus.publish(ctx, 'entity.updated', {
        entityType: 'devices',
        entityId: id,
        changes: { apiKeyHint: { from: maskedKey(device.apiKeyHint), to: maskedKey(hint) } },
        // A key is no public data: no collection version.
        trackVersion: false,
      });
      await this.bus.publish(ctx, 'credentials.ended', { subject: 'device', id });
      return { id, apiKey, apiKeyHint: maskedKey(hint)! };
    });
  }
}

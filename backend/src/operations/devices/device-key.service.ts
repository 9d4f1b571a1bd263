import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../core/request-context.js';
import { DomainError } from '../../core/errors.js';
import { HTTP_MESSAGES } from '../../core/messages.js';
import { AuditService } from '../../logs/audit.service.js';
import { maskedKey } from './device.resource.js';
import { Device } from './device.entity.js';

/** The newest job id now: a device set up with a new key prints jobs after it (older ones on request). */
export const NEWEST_JOB = () => '(SELECT coalesce(max(id), 0) FROM job)';

/** sha256 of a device key, as stored (the pairing routes look a device up by it). */
export const hashDeviceKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Issues device API keys: the key is returned once, only its hash and last four characters are kept. */
@Injectable()
export class DeviceKeyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  /**
   * Replaces the device's key with a new random one (an old key stops working at once).
   * @returns the new key, which is never shown again, and its mask.
   * @throws DomainError not_found / forbidden (device of a branch outside the user's scope).
   */
  async issue(ctx: RequestContext, id: number): Promise<{ id: number; apiKey: string; apiKeyHint: string }> {
    return this.dataSource.transaction(async (em) => {
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
      await this.audit.record(em, ctx, {
        action: 'update',
        entityType: 'devices',
        entityId: id,
        changes: { apiKeyHint: { from: maskedKey(device.apiKeyHint), to: maskedKey(hint) } },
      });
      return { id, apiKey, apiKeyHint: maskedKey(hint)! };
    });
  }
}

import { Injectable } from '@nestjs/common';
import { t } from '@ordering/common';
import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../core/request-context.js';
import { parseInput } from '../core/validation.js';
import { diff } from '../core/diff.js';
import { EventBus } from '../core/events.js';
import { TransactionalConnection } from '../core/transaction.js';
import { DomainError } from '../core/errors.js';
import { Font } from '../media/font.entity.js';
import { SECRET_KEYS, ShopConfig } from './shop-config.entity.js';
import { isMasked, maskSecret, publicConfigJson, shopConfigInput } from './shop-config.schema.js';

/** The id of the one configuration row. */
const CONFIG_ID = 1;

/**
 * The heading and body fonts name a configured family with the variant `regular` (the one the storefront
 * loads, `/font/{family}/style-regular.embed.css`); '' is the system font.
 * @throws DomainError('validation') on the field.
 */
async function assertFontsExist(em: EntityManager, input: { headingFont: string; bodyFont: string }) {
  for (const field of ['headingFont', 'bodyFont'] as const) {
    const family = input[field];
    if (family && !(await em.getRepository(Font).exists({ where: { family, variant: 'regular' } })))
      throw new DomainError('validation', t('validation.fontFamily'), field);
  }
}

/** The shop configuration: one row, public fields for everybody, secrets only masked and only for admins. */
@Injectable()
export class ShopConfigService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
  ) {}

  /** The stored row with its secrets, or the defaults when nothing was saved yet. */
  private async load(em: EntityManager, lock = false): Promise<ShopConfig> {
    const qb = em
      .getRepository(ShopConfig)
      .createQueryBuilder('c')
      .addSelect(SECRET_KEYS.map((k) => `c.${k}`))
      .where('c.id = :id', { id: CONFIG_ID });
    if (lock) qb.setLock('pessimistic_write');
    const row = await qb.getOne();
    if (row) return row;
    const defaults = em.create(ShopConfig, {
      id: CONFIG_ID,
      ...shopConfigInput.parse({ shopName: '-', businessName: '-' }),
      shopName: '',
      businessName: '',
    });
    for (const k of SECRET_KEYS) defaults[k] = '';
    return defaults;
  }

  /** What the storefront reads (via /api/init): everything but the secrets. */
  async publicConfig(em: EntityManager = this.connection.manager()): Promise<Record<string, unknown>> {
    return publicConfigJson(await this.load(em));
  }

  /** `GET /api/config`: the configuration with its secrets masked. */
  async get(_ctx: RequestContext): Promise<Record<string, unknown>> {
    return this.adminJson(await this.load(this.connection.manager()));
  }

  private adminJson(config: ShopConfig) {
    return {
      ...publicConfigJson(config),
      secrets: Object.fromEntries(SECRET_KEYS.map((k) => [k, maskSecret(config[k])])),
    };
  }

  /**
   * `POST /api/config`: replaces the configuration. A secret sent back masked keeps its stored value, '' or
   * null clears it, anything else replaces it. The audit entry shows secrets only masked.
   */
  async save(ctx: RequestContext, body: unknown): Promise<Record<string, unknown>> {
    const input = parseInput(shopConfigInput, body);
    // Through the unit of work and the event bus like every other write: the audit entry and the version
    // raise happen in the transaction (audit subscriber), and the public cache re-reads the versions before
    // this answer is sent, so the next /api/init already has the change (a write around the bus was only
    // noticed by the cache's 250 ms poll, and a storefront reloaded at once showed the old settings).
    const saved = await this.connection.withTransaction(ctx, async (em) => {
      await assertFontsExist(em, input);
      const config = await this.load(em, true);
      const before = this.adminJson(config);
      const secretsBefore = SECRET_KEYS.map((k) => config[k]);
      const { secrets, ...fields } = input;
      Object.assign(config, fields);
      for (const key of SECRET_KEYS) {
        const sent = secrets[key];
        if (sent === undefined || (typeof sent === 'string' && isMasked(sent))) continue;
        config[key] = (sent ?? '').trim();
      }
      await em.save(ShopConfig, config);
      const { secrets: _masked, ...changes } = diff(before, this.adminJson(config));
      // Secrets appear in the log only as "changed", never with a value (not even masked).
      SECRET_KEYS.forEach((key, i) => {
        if (config[key] !== secretsBefore[i]) changes[`secrets.${key}`] = { changed: true };
      });
      await this.events.publish(ctx, 'entity.updated', {
        entityType: 'config',
        entityId: CONFIG_ID,
        changes,
      });
      return config;
    });
    return this.adminJson(saved);
  }
}

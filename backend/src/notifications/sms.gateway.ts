import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../env/config.js';
import { ShopConfig } from '../config/shop-config.entity.js';
import type { RequestContext } from '../core/request-context.js';
import { APP_CONFIG, LOGGER } from '../core/tokens.js';
import { TransactionalConnection } from '../core/transaction.js';

/** One SMS: the number in E.164, the text, and a reference the provider may use to drop repeats. */
export interface Sms {
  to: string;
  text: string;
  reference: string;
}

const TIMEOUT_MS = 10_000;

/**
 * Sends SMS through the HTTP provider at `SMS_API_URL`: `POST` JSON `{ to, text, reference, sender }` with
 * `Authorization: Bearer <key>` (the key is the shop configuration's `smsApiKey` secret); any 2xx answer
 * is success. Without `SMS_API_URL` the SMS is written to the log instead, like mail without SMTP.
 */
@Injectable()
export class SmsGateway {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly connection: TransactionalConnection,
  ) {}

  /** @throws when the provider refuses the SMS or cannot be reached (the job is retried). */
  async send(ctx: RequestContext, sms: Sms): Promise<void> {
    if (!this.config.smsApiUrl) {
      this.logger.info(
        { sms: { to: sms.to, text: sms.text } },
        'SMS not sent (no SMS_API_URL): logged instead',
      );
      return;
    }
    const shop = await this.connection
      .getRepository(ctx, ShopConfig)
      .createQueryBuilder('c')
      .select(['c.id', 'c.shopName'])
      .addSelect('c.smsApiKey')
      .where('c.id = 1')
      .getOne();
    if (!shop?.smsApiKey) throw new Error('Kein SMS-API-Schlüssel in der Konfiguration (secrets.smsApiKey).');
    const res = await fetch(this.config.smsApiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${shop.smsApiKey}` },
      body: JSON.stringify({
        to: sms.to,
        text: sms.text,
        reference: sms.reference,
        sender: shop.shopName || undefined,
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await res.text()).slice(0, 300);
    if (!res.ok) throw new Error(`SMS-Anbieter antwortete ${res.status}: ${answer}`);
    this.logger.info({ sms: { to: sms.to, reference: sms.reference } }, 'SMS sent');
  }
}

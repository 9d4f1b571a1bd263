import type { EntityManager } from 'typeorm';
import { ShopConfig } from '../config/shop-config.entity.js';
import type { ProviderSecrets } from './payment-provider.js';

/** The currency and the provider secrets, read for one payment action (never cached, never logged). */
export interface PaymentSettings {
  currency: string;
  secrets: ProviderSecrets;
}

/** Reads the shop configuration's currency and provider secrets (columns not selected by default). */
export async function loadPaymentSettings(em: EntityManager): Promise<PaymentSettings> {
  const row = await em
    .getRepository(ShopConfig)
    .createQueryBuilder('c')
    .select(['c.id', 'c.currency'])
    .addSelect(['c.mollieApiKey', 'c.datatransMerchantId', 'c.datatransPassword', 'c.datatransSign'])
    .where('c.id = 1')
    .getOne();
  return {
    currency: row?.currency || 'EUR',
    secrets: {
      mollieApiKey: row?.mollieApiKey ?? '',
      datatransMerchantId: row?.datatransMerchantId ?? '',
      datatransPassword: row?.datatransPassword ?? '',
      datatransSign: row?.datatransSign ?? '',
    },
  };
}

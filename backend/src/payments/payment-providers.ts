import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../env/config.js';
import { APP_CONFIG } from '../core/tokens.js';
import { DatatransProvider, refnoOf } from './datatrans.provider.js';
import { MollieProvider } from './mollie.provider.js';
import type { OrderPayment } from './payment.entity.js';
import type { PaymentProvider } from './payment-provider.js';

export type OnlineMethod = 'mollie' | 'datatrans';

/** The online providers, built once from MOLLIE_API_URL and DATATRANS_API_URL. */
@Injectable()
export class PaymentProviders {
  private readonly providers: Record<OnlineMethod, PaymentProvider>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.providers = {
      mollie: new MollieProvider(config.payments.mollieApiUrl),
      datatrans: new DatatransProvider(config.payments.datatransApiUrl, config.payments.datatransPayUrl),
    };
  }

  of(method: OnlineMethod): PaymentProvider {
    return this.providers[method];
  }

  /** Our order reference as the provider keeps it: Mollie's metadata.orderUid, Datatrans' refno. */
  orderRefOf(payment: Pick<OrderPayment, 'method' | 'orderUid' | 'orderId'>): string {
    return payment.method === 'mollie' ? payment.orderUid : refnoOf(payment.orderId);
  }
}

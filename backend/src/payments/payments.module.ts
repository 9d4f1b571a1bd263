import { Global, Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import {
  MollieTerminalsController,
  OrderPaymentsController,
  PaymentWebhooksController,
} from './payments.controller.js';
import { PaymentProviders } from './payment-providers.js';
import { PaymentStatusService } from './payment-status.service.js';
import { PaymentsService } from './payments.service.js';
import { TerminalPaymentsService } from './terminal-payments.service.js';

/**
 * Payments: offline methods marked paid at the counter, vouchers, and Mollie and Datatrans behind one
 * provider interface (webhooks, poll and expiry jobs, refunds). Global, so that the orders module asks it
 * at checkout without importing it (the payments module itself reads orders only through their entity
 * and helpers, never through the orders module).
 */
@Global()
@Module({
  imports: [JobsModule],
  controllers: [PaymentWebhooksController, OrderPaymentsController, MollieTerminalsController],
  providers: [PaymentProviders, PaymentStatusService, PaymentsService, TerminalPaymentsService],
  exports: [PaymentsService, PaymentStatusService, TerminalPaymentsService],
})
export class PaymentsModule {}

import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutService } from './checkout.service.js';
import { KioskCheckoutController } from './kiosk-checkout.controller.js';

/**
 * The checkout: the one module that knows orders and payments together (orders and payments do not import
 * each other's services). Payments is global; orders exports what placing an order needs.
 */
@Module({
  imports: [OrdersModule],
  controllers: [CheckoutController, KioskCheckoutController],
  providers: [CheckoutService],
})
export class CheckoutModule {}

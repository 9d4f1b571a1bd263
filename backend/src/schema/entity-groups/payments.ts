import { OrderPayment } from '../../payments/payment.entity.js';

/** Entities of the payments group (see ../entities.ts): provider payments and voucher codes of orders. */
export const PAYMENTS_ENTITIES: Function[] = [OrderPayment];

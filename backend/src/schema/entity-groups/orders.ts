import { IdempotencyKey, Order, OrderTicketCounter } from '../../orders/order.entity.js';

/** Entities of the orders group (see ../entities.ts). */
export const ORDERS_ENTITIES: Function[] = [Order, OrderTicketCounter, IdempotencyKey];

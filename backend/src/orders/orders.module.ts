import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { OperationsModule } from '../operations/operations.module.js';
import { FrontdeskBoardController, FrontdeskBoardService } from './frontdesk-board.js';
import { AutoAcceptService } from './auto-accept.service.js';
import { BranchPauseService } from './branch-pause.service.js';
import { DeliveryAreaService } from './delivery-area.service.js';
import { Geocoder } from './geocoder.js';
import { IdempotencyService } from './idempotency.service.js';
import { OrderCatalogueCache } from './order-catalogue.js';
import { OrderOffersService } from './order-offers.service.js';
import { OrderQueryService } from './order-query.service.js';
import {
  BranchAvailabilityController,
  BranchPauseController,
  OrdersController,
  PublicOrdersController,
  WithdrawalsController,
} from './orders.controller.js';
import { OrderWithdrawalsService } from './order-withdrawals.service.js';
import { OrdersService } from './orders.service.js';
import { SoldOutController } from './sold-out.controller.js';
import { SoldOutService } from './sold-out.service.js';

/**
 * Orders: the rules of placing an order (prices, rules, ticket numbers; the route is the checkout module's), the staff history and
 * boards, the status machine and the customer's status page. Publishes the `order.*` events that jobs,
 * notifications and the event stream subscribe to.
 */
@Module({
  imports: [JobsModule, OperationsModule],
  controllers: [
    FrontdeskBoardController,
    PublicOrdersController,
    OrdersController,
    BranchAvailabilityController,
    BranchPauseController,
    SoldOutController,
    WithdrawalsController,
  ],
  providers: [
    FrontdeskBoardService,
    BranchPauseService,
    SoldOutService,
    OrdersService,
    OrderOffersService,
    OrderWithdrawalsService,
    OrderQueryService,
    IdempotencyService,
    AutoAcceptService,
    DeliveryAreaService,
    Geocoder,
    OrderCatalogueCache,
  ],
  exports: [OrdersService, OrderQueryService, IdempotencyService, DeliveryAreaService, OrderCatalogueCache],
})
export class OrdersModule {}

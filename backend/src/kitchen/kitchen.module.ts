import { Module } from '@nestjs/common';
import { ResourceModule } from '../crud/resource.module.js';
import { EventsModule } from '../events/events.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { KitchenController } from './kitchen.controller.js';
import { KitchenService } from './kitchen.service.js';
import { preparationStationResource } from './preparation-station.resource.js';

/** The kitchen display: stations (CRUD), tickets, bumps and their live events (docs/decisions/kitchen.md). */
@Module({
  imports: [EventsModule, OrdersModule, ResourceModule.for('Kitchen', [preparationStationResource])],
  controllers: [KitchenController],
  providers: [KitchenService],
})
export class KitchenModule {}

import { Module } from '@nestjs/common';
import { StatisticsController } from './statistics.controller.js';
import { StatisticsRollup } from './statistics-rollup.js';
import { StatisticsService } from './statistics.service.js';

/** The back office's statistics: orders, revenue, visitors and working time by day, product and hour. */
@Module({
  controllers: [StatisticsController],
  providers: [StatisticsService, StatisticsRollup],
})
export class StatisticsModule {}

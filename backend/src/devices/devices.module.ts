import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { DeviceJobsController } from './device-jobs.controller.js';
import { DeviceJobsService } from './device-jobs.service.js';

/** The terminals' side of devices: heartbeat, print jobs handed out and acknowledged, test pages. */
@Module({
  imports: [JobsModule, EventsModule],
  controllers: [DeviceJobsController],
  providers: [DeviceJobsService],
})
export class DevicesModule {}

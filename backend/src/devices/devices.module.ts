import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { DeviceCommandsService } from './device-commands.service.js';
import { DeviceJobsController } from './device-jobs.controller.js';
import { DeviceJobsService } from './device-jobs.service.js';
import { DevicePairingController } from './device-pairing.controller.js';
import { DevicePairingService } from './device-pairing.service.js';

/**
 * The terminals' side of devices: pairing, heartbeat, print jobs handed out and acknowledged, test pages
 * and notifications, logs.
 */
@Module({
  imports: [JobsModule, EventsModule],
  controllers: [DeviceJobsController, DevicePairingController],
  providers: [DeviceJobsService, DevicePairingService, DeviceCommandsService],
})
export class DevicesModule {}

import { Module } from '@nestjs/common';
import { Clock } from '../core/clock.js';
import { ResourceModule } from '../crud/resource.module.js';
import { EventsModule } from '../events/events.module.js';
import { DeviceCommandsService } from './device-commands.service.js';
import { DeviceHeartbeatController } from './device-heartbeat.controller.js';
import { DeviceHeartbeatService } from './device-heartbeat.service.js';
import { DevicePairingController } from './device-pairing.controller.js';
import { DevicePairingService } from './device-pairing.service.js';
import { DeviceKeyController } from './device-key.controller.js';
import { DeviceKeyService } from './device-key.service.js';
import { bindDeviceClock } from '../core/device-presence.js';
import { deviceResource } from './device.resource.js';

/**
 * Devices, one home: the records and their settings (`/api/devices`), their keys, and the terminals' side:
 * pairing, heartbeat, test notifications, logs. Their print jobs are printing's (`printing/`).
 */
@Module({
  imports: [EventsModule, ResourceModule.for('Devices', [deviceResource])],
  controllers: [DeviceKeyController, DeviceHeartbeatController, DevicePairingController],
  providers: [DeviceKeyService, DeviceHeartbeatService, DevicePairingService, DeviceCommandsService],
})
export class DevicesModule {
  constructor(clock: Clock) {
    bindDeviceClock(clock);
  }
}

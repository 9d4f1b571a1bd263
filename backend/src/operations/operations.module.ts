import { Module } from '@nestjs/common';
import { ResourceModule } from '../crud/resource.module.js';
import { departmentResource } from './departments/department.resource.js';
import { projectResource } from './projects/project.resource.js';
import { taskResource } from './projects/task.resource.js';
import { SignageKeyController, SignagePlayerController } from './signage/signage-player.controller.js';
import { SignagePlayerService } from './signage/signage-player.service.js';
import { segmentResource, signageDeviceResource, streamResource } from './signage/signage.resources.js';
import { HolidayBalanceController, TimeSheetController } from './time-tracking/holiday-balance.controller.js';
import { HolidayBalanceService } from './time-tracking/holiday-balance.service.js';
import { TimeClockController } from './time-tracking/time-clock.controller.js';
import { TimeClockService } from './time-tracking/time-clock.service.js';
import { WorkingTimeService } from './time-tracking/working-time.service.js';
import { workingActivityResource } from './time-tracking/working-activity.resource.js';
import { workingScheduleResource } from './time-tracking/working-schedule.resource.js';

/**
 * Operations: departments, time tracking (activities, shift plans, holiday balances),
 * projects and tasks, digital signage (see the entity group `operations`).
 */
@Module({
  imports: [
    ResourceModule.for('Operations', [
      departmentResource,
      workingActivityResource,
      workingScheduleResource,
      projectResource,
      taskResource,
      segmentResource,
      streamResource,
      signageDeviceResource,
    ]),
  ],
  controllers: [
    HolidayBalanceController,
    TimeSheetController,
    TimeClockController,
    SignageKeyController,
    SignagePlayerController,
  ],
  providers: [HolidayBalanceService, TimeClockService, WorkingTimeService, SignagePlayerService],
  // The staff PIN check is shared with the front-desk board (orders).
  exports: [TimeClockService],
})
export class OperationsModule {}

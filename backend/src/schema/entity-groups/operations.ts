import { AnalyticsLog } from '../../analytics/analytics-log.entity.js';
import { DeviceLog } from '../../devices/device-log.entity.js';
import { DevicePairing } from '../../devices/device-pairing.entity.js';
import { Department } from '../../operations/departments/department.entity.js';
import { Device } from '../../devices/device.entity.js';
import { Project } from '../../operations/projects/project.entity.js';
import { Task } from '../../operations/projects/task.entity.js';
import { DigitalSignageDevice } from '../../operations/signage/digital-signage-device.entity.js';
import { DigitalSignageSegment } from '../../operations/signage/digital-signage-segment.entity.js';
import {
  DigitalSignageStream,
  DigitalSignageStreamItem,
} from '../../operations/signage/digital-signage-stream.entity.js';
import { HolidayBalance } from '../../operations/time-tracking/holiday-balance.entity.js';
import { WorkingActivity } from '../../operations/time-tracking/working-activity.entity.js';
import { WorkingSchedule } from '../../operations/time-tracking/working-schedule.entity.js';

/** Entities of the operations group (see ../entities.ts). */
export const OPERATIONS_ENTITIES: Function[] = [
  Department,
  Device,
  WorkingActivity,
  WorkingSchedule,
  HolidayBalance,
  Project,
  Task,
  DigitalSignageSegment,
  DigitalSignageStream,
  DigitalSignageStreamItem,
  DigitalSignageDevice,
  DevicePairing,
  DeviceLog,
  AnalyticsLog,
];

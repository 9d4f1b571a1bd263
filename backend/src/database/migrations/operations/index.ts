import { Operations1795261985807 } from './1795261985807-operations.js';
import { AnalyticsLog1795438771472 } from './1795438771472-analytics-log.js';
import { DevicePairingLogs1795438791193 } from './1795438791193-device-pairing-logs.js';
import { TimeClockPin1795450000000 } from './1795450000000-time-clock-pin.js';
import { WorkingActivityOneOpen1795460000000 } from './1795460000000-working-activity-one-open.js';
import { DevicePrinterState1795697156038 } from './1795697156038-device-printer-state.js';
import { AnalyticsPathSecrets1795710000001 } from './1795710000001-analytics-path-secrets.js';
import { SignagePlayer1795920000000 } from './1795920000000-signage-player.js';
import { SignageTemplateSegments1795970000000 } from './1795970000000-signage-template-segments.js';
import { SignageScreenshot1795980000002 } from './1795980000002-signage-screenshot.js';
export const MIGRATIONS: Function[] = [
  Operations1795261985807,
  AnalyticsLog1795438771472,
  DevicePairingLogs1795438791193,
  TimeClockPin1795450000000,
  WorkingActivityOneOpen1795460000000,
  DevicePrinterState1795697156038,
  AnalyticsPathSecrets1795710000001,
  SignagePlayer1795920000000,
  SignageTemplateSegments1795970000000,
  SignageScreenshot1795980000002,
];

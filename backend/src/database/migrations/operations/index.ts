import { Operations1795261985807 } from './1795261985807-operations.js';
import { DevicePairingLogs1795438791193 } from './1795438791193-device-pairing-logs.js';
export const MIGRATIONS: Function[] = [Operations1795261985807, DevicePairingLogs1795438791193];

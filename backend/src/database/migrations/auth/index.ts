import { AuthSessionsThrottleLinks1795261898616 } from './1795261898616-auth-sessions-throttle-links.js';
export const MIGRATIONS: Function[] = [AuthSessionsThrottleLinks1795261898616];

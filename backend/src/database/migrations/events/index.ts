import { EventLog1795425442777 } from './1795425442777-event-log.js';
export const MIGRATIONS: Function[] = [EventLog1795425442777];

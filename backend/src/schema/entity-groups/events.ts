import { EventLog } from '../../events/event-log.entity.js';

/** Entities of the events group (see ../entities.ts): the log behind the live event stream. */
export const EVENTS_ENTITIES: Function[] = [EventLog];

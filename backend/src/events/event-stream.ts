import { applyDecorators, Get } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery } from '@nestjs/swagger';
import type { Request } from 'express';

/** `Last-Event-ID` from the header (EventSource's reconnect) or `?lastEventId=` (a first connect). */
export function lastEventIdOf(req: Request): number | null {
  const raw =
    req.header('last-event-id') ?? (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : '');
  return /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/**
 * A Server-Sent Events route (`GET path`) with its OpenAPI description: `text/event-stream`, resumable by
 * `Last-Event-ID` or `?lastEventId=`, `events` naming what it carries. Every live stream of the API is
 * declared with it, so each documents the same resume and heartbeat rules.
 */
export const EventStream = (path: string, summary: string, events: string) =>
  applyDecorators(
    Get(path),
    ApiOperation({ summary }),
    ApiProduces('text/event-stream'),
    ApiHeader({ name: 'Last-Event-ID', required: false, description: 'fortsetzen nach dieser Ereignis-ID' }),
    ApiQuery({ name: 'lastEventId', required: false, type: 'integer' }),
    ApiOkResponse({
      description: `Server-Sent Events: \`id:\` (Ereignis-ID), \`event:\` (${events}), \`data:\` JSON; alle 15 s ein Kommentar als Heartbeat.`,
      schema: { type: 'string' },
    }),
  );

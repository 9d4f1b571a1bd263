import { Module } from '@nestjs/common';
import { ChannelModule } from '../core/channel.module.js';
import { EventLogWriter } from './event-log.writer.js';
import { EventStreamHub } from './event-stream.hub.js';
import { EventsController } from './events.controller.js';

/** The live order events: the log written in the order's transaction, the SSE streams. */
@Module({
  imports: [ChannelModule],
  controllers: [EventsController],
  providers: [EventLogWriter, EventStreamHub],
  exports: [EventStreamHub, EventLogWriter],
})
export class EventsModule {}

import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module.js';
import { ChannelModule } from '../core/channel.module.js';
import { EventLogWriter } from './event-log.writer.js';
import { EventStreamHub } from './event-stream.hub.js';
import { EventsController } from './events.controller.js';

/** The live order events: the log written in the order's transaction, the SSE streams, print jobs. */
@Module({
  imports: [ChannelModule, JobsModule],
  controllers: [EventsController],
  providers: [EventLogWriter, EventStreamHub],
  exports: [EventStreamHub, EventLogWriter],
})
export class EventsModule {}

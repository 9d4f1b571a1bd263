import { Module } from '@nestjs/common';
import { ChannelModule } from '../core/channel.module.js';
import { JobQueue } from './job-queue.service.js';
import { JobHandlers, JobWorkerService } from './job-worker.service.js';

/** Durable jobs: the queue (enqueue in the caller's transaction), the handler registry and the worker. */
@Module({
  imports: [ChannelModule],
  providers: [JobQueue, JobHandlers, JobWorkerService],
  exports: [JobQueue, JobHandlers, JobWorkerService, ChannelModule],
})
export class JobsModule {}

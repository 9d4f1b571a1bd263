import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { PrintJobsController } from './print-jobs.controller.js';
import { PrintJobsService } from './print-jobs.service.js';
import { PrintingService } from './printing.service.js';

/**
 * Printing, one home: whether a branch prints, the print jobs of an order (receipt, kitchen ticket,
 * labels, the "STORNIERT" slip) and of a device's test page, their lease by a terminal, acknowledgement and
 * withdrawal, and the print job JSON (common's `PrintJob`). Imports the event log (it writes `print.job`
 * rows) before it subscribes, so an order's row precedes its print job's on the stream.
 */
@Module({
  imports: [JobsModule, EventsModule],
  controllers: [PrintJobsController],
  providers: [PrintingService, PrintJobsService],
  exports: [PrintingService],
})
export class PrintingModule {}

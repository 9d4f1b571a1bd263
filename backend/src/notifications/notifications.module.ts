import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../env/config.js';
import { APP_CONFIG } from '../core/tokens.js';
import { RequestContext } from '../core/request-context.js';
import { JobHandlers } from '../jobs/job-worker.service.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { MailModule } from '../mail/mail.module.js';
import { MailerService } from '../mail/mailer.service.js';
import { MAIL_JOB, OrderNotifications, SMS_JOB } from './order-notifications.js';
import { SmsGateway } from './sms.gateway.js';

/** E-mail and SMS about orders: jobs written with the order's events, sent by the job worker. */
@Module({
  imports: [JobsModule, MailModule],
  providers: [OrderNotifications, SmsGateway],
})
export class NotificationsModule implements OnModuleInit {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly mailer: MailerService,
    private readonly sms: SmsGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.handlers.register(MAIL_JOB, async (job) => {
      const mail = job.payload;
      await this.mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<order-mail-${job.id}@${new URL(this.config.publicUrl).hostname}>`,
      });
    });
    this.handlers.register(SMS_JOB, async (job, ctx: RequestContext) => {
      const sms = job.payload;
      await this.sms.send(ctx, { to: sms.to, text: sms.text, reference: `job-${job.id}` });
    });
  }
}

import { Module } from '@nestjs/common';
import { MailerService } from './mailer.service.js';

/** Outgoing e-mail (see {@link MailerService}). */
@Module({ providers: [MailerService], exports: [MailerService] })
export class MailModule {}

import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Logger } from 'pino';
import type { AppConfig } from '../env/config.js';
import { APP_CONFIG, LOGGER } from '../core/core.module.js';

/** One outgoing e-mail (plain text; an HTML part is optional). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Secrets in the text (sign-in links ...): when there is no SMTP server the mail goes to the log, and
   * there these appear as `***` unless LOG_LEVEL is debug.
   */
  secrets?: string[];
  /**
   * A stable Message-ID (`<job-42@host>`): a mail sent again after a crash (a job's effect is at least
   * once) carries the same id, so mail clients and servers can tell it is the same message.
   */
  messageId?: string;
}

const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');

/**
 * Sends e-mail over SMTP_URL (nodemailer). Without SMTP_URL nothing leaves the machine: the mail is
 * logged instead (info: recipient, subject and the text with its secrets masked; debug, and only when
 * PUBLIC_URL is this machine: the full text, so that a developer can follow a sign-in link locally).
 */
@Injectable()
export class MailerService implements OnModuleDestroy {
  private readonly transport?: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    if (config.smtpUrl) {
      const url = new URL(config.smtpUrl);
      this.transport = nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
        // A relay on the same machine (a local postfix, the tests' server) may speak plain SMTP.
        ...(isLoopback(url.hostname) ? { ignoreTLS: url.protocol === 'smtp:' } : {}),
      } as SMTPTransport.Options);
    }
  }

  /** Sends the mail (or logs it without SMTP_URL). @throws when the SMTP server refuses it. */
  async send(mail: Mail): Promise<void> {
    if (!this.transport) {
      let text = mail.text;
      for (const secret of mail.secrets ?? []) text = text.split(secret).join('***');
      this.logger.info(
        { mail: { to: mail.to, subject: mail.subject, text } },
        'mail not sent (no SMTP_URL): logged instead',
      );
      // The full text (with its sign-in link) only on a developer's machine: a server's log, even at
      // debug level, must not let its readers sign in as somebody else.
      if (isLoopback(new URL(this.config.publicUrl).hostname)) {
        this.logger.debug(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'mail text in full',
        );
      }
      return;
    }
    const info = (await this.transport.sendMail({
      from: this.config.mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
    })) as { messageId?: string };
    this.logger.info(
      { mail: { to: mail.to, subject: mail.subject, messageId: info.messageId } },
      'mail sent',
    );
  }

  onModuleDestroy() {
    this.transport?.close();
  }
}

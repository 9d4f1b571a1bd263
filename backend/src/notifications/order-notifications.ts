import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import type { AppConfig } from '../config/config.js';
import { ShopConfig } from '../config/shop-config.entity.js';
import { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';
import { APP_CONFIG, LOGGER } from '../core/tokens.js';
import { JobQueue } from '../jobs/job-queue.service.js';
import type { OrderEvent } from '../orders/order-events.js';
import { toE164 } from './phone.js';
import {
  branchNewOrderMail,
  customerMail,
  customerSms,
  type CustomerMailKind,
  type MailContext,
  type MailOrder,
  type RenderedMail,
} from './templates.js';

/** Job types of this module. */
export const MAIL_JOB = 'mail';
export const SMS_JOB = 'sms';

/** The payload of a `mail` job: the mail as rendered when the event happened. */
export interface MailJob extends RenderedMail {
  to: string;
  kind: string;
  orderId: number;
}

/** The payload of an `sms` job. */
export interface SmsJob {
  to: string;
  text: string;
  kind: string;
  orderId: number;
}

/** Which customer message a status change sends (none for `paid`). */
export function customerKindOf(event: OrderEvent): CustomerMailKind | null {
  const order = event.order as unknown as MailOrder;
  switch (event.action) {
    case 'confirm':
      // A confirm that leaves the order unconfirmed with a counter appointment is the counter-offer.
      return order.counterAppointment && !order.isConfirmed ? 'counterOffer' : 'confirmed';
    case 'confirm-counter-appointment':
      return 'confirmed';
    case 'reject-counter-appointment':
      return 'counterOfferRejected';
    case 'reject':
      return 'rejected';
    case 'in-delivery':
      return order.isDelivery ? 'inDelivery' : 'readyForPickup';
    case 'completed':
      return 'completed';
    case 'cancel':
      return 'canceled';
    default:
      return null;
  }
}

/** Changes that are worth an SMS (the rest go by e-mail only). */
const SMS_KINDS = new Set<CustomerMailKind>([
  'received',
  'confirmed',
  'counterOffer',
  'rejected',
  'inDelivery',
  'readyForPickup',
]);

/**
 * Turns order events into `mail` and `sms` jobs, inside the order's transaction: new order → mail to the
 * branch and "received" to the customer; status changes → the customer's mail (and SMS when
 * `enablePluginSMS` is on); `order.resend` → the new-order messages again. Mails are rendered now, so a
 * retry sends what the customer would have got at the time of the change.
 */
@Injectable()
export class OrderNotifications implements OnModuleInit {
  constructor(
    private readonly events: EventBus,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.events.inTransaction(['order.created'], (event, ctx, em) =>
      this.created(ctx, em, event.payload, true),
    );
    this.events.inTransaction(['order.status'], (event, ctx, em) =>
      this.statusChanged(ctx, em, event.payload),
    );
    this.events.inTransaction(['order.resend'], async (event, ctx, em) => {
      const { channel, ...payload } = event.payload;
      await this.created(ctx, em, payload, false, channel);
    });
  }

  private async created(
    ctx: RequestContext,
    em: EntityManager,
    event: OrderEvent,
    first: boolean,
    only?: 'email' | 'sms',
  ): Promise<void> {
    const setting = await this.settings(em, event.branchId);
    const order = event.order as unknown as MailOrder;
    // The first time once per order (a repeated event writes nothing); a resend always.
    const once = (key: string) => (first ? { dedupeKey: `${key}:order:${event.orderId}:received` } : {});
    if (only !== 'sms') {
      if (setting.mail.branch.email) {
        const backOffice = `${this.config.publicUrl}/backend/orders/${event.orderId}`;
        await this.mail(
          ctx,
          setting.mail.branch.email,
          () => branchNewOrderMail(setting.mail, order, backOffice),
          'branch-new',
          event.orderId,
          once('mail-branch'),
        );
      }
      if (order.email) {
        const mail = () => customerMail('received', setting.mail, order);
        await this.mail(ctx, order.email, mail, 'received', event.orderId, once('mail'));
      }
    }
    if (only !== 'email') await this.sms(ctx, setting, order, 'received', event.orderId, once('sms'));
  }

  private async statusChanged(ctx: RequestContext, em: EntityManager, event: OrderEvent): Promise<void> {
    const kind = customerKindOf(event);
    if (!kind) return;
    const setting = await this.settings(em, event.branchId);
    const order = event.order as unknown as MailOrder;
    if (order.email)
      await this.mail(ctx, order.email, () => customerMail(kind, setting.mail, order), kind, event.orderId);
    if (SMS_KINDS.has(kind)) await this.sms(ctx, setting, order, kind, event.orderId);
  }

  /**
   * A message that cannot be rendered (a template bug, odd data) is logged and left out: it must not roll
   * back the order it is about.
   */
  private rendered<T>(kind: string, orderId: number, render: () => T): T | null {
    try {
      return render();
    } catch (err) {
      this.logger.error({ err, orderId, kind }, 'notification could not be rendered; not sent');
      return null;
    }
  }

  private async mail(
    ctx: RequestContext,
    to: string,
    render: () => RenderedMail,
    kind: string,
    orderId: number,
    options: { dedupeKey?: string } = {},
  ): Promise<void> {
    const mail = this.rendered(kind, orderId, render);
    if (!mail) return;
    const job: MailJob = { to, ...mail, kind, orderId };
    await this.jobs.enqueue(ctx, MAIL_JOB, { ...job }, options);
  }

  private async sms(
    ctx: RequestContext,
    setting: { sms: boolean; mail: MailContext },
    order: MailOrder,
    kind: CustomerMailKind,
    orderId: number,
    options: { dedupeKey?: string } = {},
  ): Promise<void> {
    if (!setting.sms) return;
    const to = toE164(order.phone, this.config.smsCountryCode);
    if (!to) return; // no usable number: nothing to retry
    const text = this.rendered(`sms-${kind}`, orderId, () => customerSms(kind, setting.mail, order));
    if (text === null) return;
    const job: SmsJob = { to, text, kind, orderId };
    await this.jobs.enqueue(ctx, SMS_JOB, { ...job }, options);
  }

  /** The shop's and the branch's settings the messages need, read in the order's transaction. */
  private async settings(em: EntityManager, branchId: number): Promise<{ sms: boolean; mail: MailContext }> {
    const [shop, branch] = await Promise.all([
      em.getRepository(ShopConfig).findOne({ where: { id: 1 } }),
      branchId ? em.getRepository(Branch).findOne({ where: { id: branchId } }) : null,
    ]);
    return {
      sms: !!shop?.enablePluginSMS,
      mail: {
        shopName: shop?.shopName ?? '',
        currency: shop?.currency || 'EUR',
        publicUrl: this.config.publicUrl,
        reviewsEnabled: !!shop?.enablePluginOrderReviews,
        branch: {
          name: branch?.name ?? shop?.shopName ?? '',
          email: branch?.email ?? '',
          phone: branch?.phone ?? '',
          timeZone: branch?.timeZone || 'Europe/Vienna',
        },
      },
    };
  }
}

import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { customerOrderNumber, isFinalOrder, marketProfile, toE164 } from '@ordering/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../env/config.js';
import { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';
import { APP_CONFIG, LOGGER } from '../core/tokens.js';
import { type EnqueueOptions, JobQueue } from '../jobs/job-queue.service.js';
import type { OrderEvent } from '../orders/order-events.js';
import {
  branchNewOrderMail,
  customerMail,
  customerSms,
  withdrawalMail,
  type CustomerMailKind,
  type MailContext,
  type MailOrder,
  type RenderedMail,
} from './templates.js';

/** Job types of this module. */
export const MAIL_JOB = 'mail' as const;
export const SMS_JOB = 'sms' as const;

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

declare module '../jobs/job-payloads.js' {
  interface JobPayloadMap {
    /** A rendered e-mail about an order. */
    mail: MailJob;
    /** A rendered SMS about an order. */
    sms: SmsJob;
  }
}

/** A job to write, or null when there is nothing to send. */
type Job =
  | { type: typeof MAIL_JOB; payload: MailJob; options: EnqueueOptions }
  | { type: typeof SMS_JOB; payload: SmsJob; options: EnqueueOptions }
  | null;

/** Which customer message a status change sends (none for `paid`). */
export function customerKindOf(event: OrderEvent): CustomerMailKind | null {
  const order: MailOrder = event.order;
  switch (event.action) {
    case 'confirm':
      // A confirm that leaves the order unconfirmed with a counter appointment is the counter-offer.
      return order.counterAppointment && !order.isConfirmed ? 'counterOffer' : 'confirmed';
    case 'confirm-counter-appointment':
      return 'confirmed';
    case 'accept-offer':
      return 'received';
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

/** The configuration and branch fields the messages of an order need. */
interface SettingsRow {
  shop_name: string | null;
  currency: string | null;
  market: string | null;
  sms: boolean | null;
  reviews: boolean | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  time_zone: string | null;
}

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
    this.events.inTransaction(['order.updated'], (event, ctx, em) => this.edited(ctx, em, event.payload));
    this.events.inTransaction(['order.deleted'], (event, ctx, em) => this.deleted(ctx, em, event.payload));
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
    const setting = await this.settings(ctx, em, event.branchId);
    const order: MailOrder = event.order;
    // The first time once per order (a repeated event writes nothing); a resend always.
    const once = (key: string) => (first ? { dedupeKey: `${key}:order:${event.orderId}:received` } : {});
    const jobs: Job[] = [];
    if (only !== 'sms') {
      if (setting.mail.branch.email) {
        const backOffice = `${this.config.publicUrl}/backend/orders/${event.orderId}`;
        jobs.push(
          this.mail(
            setting.mail.branch.email,
            () => branchNewOrderMail(setting.mail, order, backOffice),
            'branch-new',
            event.orderId,
            once('mail-branch'),
          ),
        );
      }
      if (order.email) {
        const mail = () => customerMail('received', setting.mail, order);
        jobs.push(this.mail(order.email, mail, 'received', event.orderId, once('mail')));
      }
    }
    if (only !== 'email') jobs.push(this.sms(setting, order, 'received', event.orderId, once('sms')));
    await this.enqueue(ctx, jobs);
  }

  private async statusChanged(ctx: RequestContext, em: EntityManager, event: OrderEvent): Promise<void> {
    const kind = customerKindOf(event);
    if (!kind) return;
    const setting = await this.settings(ctx, em, event.branchId);
    const order: MailOrder = event.order;
    const jobs: Job[] = [];
    if (order.email)
      jobs.push(this.mail(order.email, () => customerMail(kind, setting.mail, order), kind, event.orderId));
    if (SMS_KINDS.has(kind)) jobs.push(this.sms(setting, order, kind, event.orderId));
    await this.enqueue(ctx, jobs);
  }

  /** A staff correction the customer notices (items, appointment, address, contact): one mail. */
  private async edited(ctx: RequestContext, em: EntityManager, event: OrderEvent): Promise<void> {
    const order: MailOrder = event.order;
    if (event.action === 'withdraw') return this.withdrawn(ctx, em, event);
    if (!order.email) return;
    const kind =
      event.action === 'offer'
        ? 'offer'
        : event.action === 'edit' && event.changed?.length
          ? 'changed'
          : null;
    if (!kind) return;
    const setting = await this.settings(ctx, em, event.branchId);
    const render = () => customerMail(kind, setting.mail, order, event.changed);
    await this.enqueue(ctx, [this.mail(order.email, render, kind, event.orderId)]);
  }

  /** A withdrawal: its confirmation to the address given in the form, once per order (§356a (3) BGB). */
  private async withdrawn(ctx: RequestContext, em: EntityManager, event: OrderEvent): Promise<void> {
    const order = event.order;
    const withdrawal = order.withdrawal;
    if (!withdrawal) return;
    const setting = await this.settings(ctx, em, event.branchId);
    const number = customerOrderNumber(order);
    const render = () => withdrawalMail(setting.mail, order, withdrawal, number);
    const jobs: Job[] = [
      this.mail(withdrawal.email, render, 'withdrawn', event.orderId, {
        dedupeKey: `mail:order:${event.orderId}:withdrawn`,
      }),
    ];
    await this.enqueue(ctx, jobs);
  }

  /** An open order deleted by staff: the customer learns it will not be served (a final one is history). */
  private async deleted(ctx: RequestContext, em: EntityManager, event: OrderEvent): Promise<void> {
    const order = event.order;
    if (!order.email || isFinalOrder(order)) return;
    const setting = await this.settings(ctx, em, event.branchId);
    const render = () => customerMail('deleted', setting.mail, order);
    await this.enqueue(ctx, [this.mail(order.email, render, 'deleted', event.orderId)]);
  }

  /** All jobs of one event in one statement (the order's transaction holds its locks meanwhile). */
  private async enqueue(ctx: RequestContext, jobs: Job[]): Promise<void> {
    const ready = jobs.filter((j): j is NonNullable<Job> => j !== null);
    await this.jobs.enqueueLater(ctx, ready);
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

  private mail(
    to: string,
    render: () => RenderedMail,
    kind: string,
    orderId: number,
    options: EnqueueOptions = {},
  ): Job {
    const mail = this.rendered(kind, orderId, render);
    if (!mail) return null;
    const job: MailJob = { to, ...mail, kind, orderId };
    return { type: MAIL_JOB, payload: job, options };
  }

  private sms(
    setting: { sms: boolean; smsCountryCode: string; mail: MailContext },
    order: MailOrder,
    kind: CustomerMailKind,
    orderId: number,
    options: EnqueueOptions = {},
  ): Job {
    if (!setting.sms) return null;
    const to = toE164(order.phone, setting.smsCountryCode);
    if (!to) return null; // no usable number: nothing to retry
    const text = this.rendered(`sms-${kind}`, orderId, () => customerSms(kind, setting.mail, order));
    if (text === null) return null;
    const job: SmsJob = { to, text, kind, orderId };
    return { type: SMS_JOB, payload: job, options };
  }

  /** What the checkout read just before the order's transaction (its branch and configuration), if it did. */
  private known(ctx: RequestContext, branchId: number): SettingsRow | null {
    const branch = ctx.recall('branch');
    const config = ctx.recall('shopConfig');
    if (!config || !branch || branch.id !== branchId) return null;
    return {
      shop_name: config.shopName,
      currency: config.currency,
      market: config.market,
      sms: config.enablePluginSMS,
      reviews: config.enablePluginOrderReviews,
      name: branch.name,
      email: branch.email,
      phone: branch.phone,
      time_zone: branch.timeZone,
    };
  }

  /** One round trip: the order's transaction holds its locks (the ticket counter) meanwhile. */
  private async read(em: EntityManager, branchId: number): Promise<SettingsRow> {
    const rows: SettingsRow[] = await em.query(
      `SELECT c.shop_name, c.currency, c.market, c.enable_plugin_sms AS sms, c.enable_plugin_order_reviews AS reviews,
              b.name, b.email, b.phone, b.time_zone
       FROM (SELECT 1) one
       LEFT JOIN shop_config c ON c.id = 1
       LEFT JOIN branch b ON b.id = $1`,
      [branchId || 0],
    );
    return rows[0]!;
  }

  /**
   * The shop's and the branch's settings the messages need: as the checkout read them when the order was
   * just checked, else read in the event's transaction.
   */
  private async settings(
    ctx: RequestContext,
    em: EntityManager,
    branchId: number,
  ): Promise<{ sms: boolean; smsCountryCode: string; mail: MailContext }> {
    const r = this.known(ctx, branchId) ?? (await this.read(em, branchId));
    return {
      sms: !!r.sms,
      // SMS_COUNTRY_CODE wins; without it the shop's market (docs/decisions/legal.md).
      smsCountryCode: this.config.smsCountryCode ?? marketProfile(r.market).phoneCountryCode,
      mail: {
        shopName: r.shop_name ?? '',
        currency: r.currency || 'EUR',
        publicUrl: this.config.publicUrl,
        reviewsEnabled: !!r.reviews,
        branch: {
          name: r.name ?? r.shop_name ?? '',
          email: r.email ?? '',
          phone: r.phone ?? '',
          timeZone: r.time_zone || 'Europe/Vienna',
        },
      },
    };
  }
}

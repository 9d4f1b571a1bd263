import {
  canAnswerCounterOffer,
  canSendQuestionnaire,
  customerStatus,
  customerStatusText,
  formatDate,
  formatTime,
  isFinalOrder,
  localDate,
  offerState,
  paymentLine,
  showQuestionnaire,
  showQuestionnaireComment,
  STATUS_POLL_INTERVAL_MS,
  t,
  timeline,
  type Branch,
  type OfferState,
  type OrderOffer,
  type PublicOrder,
  type Questionnaire,
  type TimelineStep,
} from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';
import { LiveEventClient, type OpenEventSource } from '../../api/liveEvents';
import { texts } from '../texts';
import type { InitDataStore } from './InitDataStore';

/** The four ratings of the questionnaire, in the order shown. */
export const RATING_FIELDS = ['rating', 'foodRating', 'serviceRating', 'processRating'] as const;
export type RatingField = (typeof RATING_FIELDS)[number];

/**
 * The public status page of one order (spec sections 2 and 4): loads `GET /api/orders/public/{uid}/{hash}`,
 * follows the order's event stream and polls every 10 s while the stream is down, until a final state;
 * the counter-offer answers and the review questionnaire.
 */
export class OrderStatusStore {
  order: PublicOrder | null = null;
  status: 'idle' | 'loading' | 'ready' | 'notFound' | 'error' = 'idle';
  error: string | null = null;
  actionError: string | null = null;
  isBusy = false;
  isStreamOpen = false;
  questionnaire: Partial<Questionnaire> = {};
  isQuestionnaireHidden = false;
  isQuestionnaireSent = false;

  private path = '';
  private stopFns: (() => void)[] = [];

  constructor(
    private readonly api: ApiClient,
    private readonly data: InitDataStore,
    private readonly openStream: OpenEventSource = () => null,
  ) {
    makeAutoObservable<OrderStatusStore, 'api' | 'data' | 'openStream' | 'path' | 'stopFns'>(
      this,
      { api: false, data: false, openStream: false, path: false, stopFns: false },
      { autoBind: true },
    );
  }

  /** Starts following an order; returns the function that stops (page left). */
  open(uid: string, hash: string): () => void {
    this.close();
    this.path = `/api/orders/public/${encodeURIComponent(uid)}/${encodeURIComponent(hash)}`;
    this.order = null;
    this.status = 'loading';
    this.questionnaire = {};
    this.isQuestionnaireHidden = false;
    this.isQuestionnaireSent = false;
    void this.load();
    const stream = new LiveEventClient({
      url: `${this.path}/events`,
      open: this.openStream,
      onOpen: () => runInAction(() => (this.isStreamOpen = true)),
      onError: () => runInAction(() => (this.isStreamOpen = false)),
    });
    // `order.created` is the release of an order paid online (docs/decisions/payments.md).
    for (const type of ['order.created', 'order.updated', 'order.status'])
      stream.on(type, () => void this.load());
    stream.connect();
    this.stopFns.push(() => stream.dispose());
    const timer = setInterval(this.poll, STATUS_POLL_INTERVAL_MS);
    this.stopFns.push(() => clearInterval(timer));
    return this.close;
  }

  close(): void {
    this.stopFns.forEach((stop) => stop());
    this.stopFns = [];
    this.isStreamOpen = false;
  }

  /**
   * The 10-second fallback: while the stream is down and the order is not final — and while an online
   * payment is pending, stream or not, because a failed payment sends no event (the order never reached
   * staff) and the customer must still be sent back to the checkout.
   */
  poll(): void {
    if (!this.order || isFinalOrder(this.order)) return;
    if (this.isStreamOpen && this.order.payment?.state !== 'pending') return;
    void this.load();
  }

  async load(): Promise<void> {
    try {
      const order = await this.api.get<PublicOrder>(this.path, { redirectOnUnauthorized: false });
      runInAction(() => {
        this.order = order;
        this.status = 'ready';
        this.error = null;
      });
    } catch (error) {
      runInAction(() => {
        if (error instanceof ApiRequestError && error.status === 404) this.status = 'notFound';
        else if (!this.order) {
          this.status = 'error';
          this.error = error instanceof Error ? error.message : t('general.unknownError');
        }
      });
    }
  }

  get branch(): Branch | null {
    const id = this.order?.branch?.id;
    return this.data.branches.find((branch) => branch.id === id) ?? null;
  }

  private get timeZone(): string {
    return this.branch?.timeZone || 'Europe/Vienna';
  }

  get isCanceled(): boolean {
    return !!this.order && customerStatus(this.order) === 'canceled';
  }

  /** "Vielen Dank für Ihre Bestellung!" or, cancelled, "Bestellung storniert". */
  get heading(): string {
    return this.isCanceled ? t('orderStatus.canceled') : t('orderStatus.thankYou');
  }

  /** "Widerrufen am 20.11.2026 um 12:00 Uhr" once the customer withdrew (§356a BGB), else null. */
  get withdrawnText(): string | null {
    const at = this.order?.withdrawnAt;
    if (!at) return null;
    return `${texts.withdrawnOn} ${formatDate(new Date(at), this.timeZone)} um ${formatTime(new Date(at), this.timeZone)} Uhr`;
  }

  get statusText(): string {
    return this.order ? customerStatusText(this.order) : '';
  }

  get timeline(): TimelineStep[] {
    return this.order ? timeline(this.order) : [];
  }

  get paymentLine(): string | null {
    if (!this.order) return null;
    // The server's line knows more states (failed, paid at the counter); common's is the fallback.
    return this.order.payment?.text ?? paymentLine(this.order);
  }

  /** An online payment failed or expired: the customer goes back to the checkout (cart kept). */
  get paymentFailed(): boolean {
    return this.order?.payment?.state === 'failed';
  }

  /** The online payment arrived: the cart of the branch was ordered and can go. */
  get paidOnline(): boolean {
    return this.order?.payment?.state === 'paid';
  }

  /** "Di., 03.03.2026 um 11:30 Uhr" of the confirmed or requested appointment; null for as soon as possible. */
  get appointmentText(): string | null {
    const iso = this.order?.appointment ?? this.order?.appointmentDate;
    if (!iso) return null;
    const date = new Date(iso);
    return `${formatDate(date, this.timeZone)} um ${formatTime(date, this.timeZone)} Uhr`;
  }

  get counterOfferText(): string | null {
    const order = this.order;
    if (!order || !canAnswerCounterOffer(order) || !order.counterAppointment) return null;
    const date = new Date(order.counterAppointment);
    return t('orderStatus.counterOffer', {
      date: formatDate(date, this.timeZone),
      time: formatTime(date, this.timeZone),
    });
  }

  /** Staff's priced offer on a quotation request, with where it stands today (branch's calendar). */
  get offer(): { offer: OrderOffer; state: OfferState } | null {
    const offer = this.order?.offer;
    if (!offer) return null;
    return { offer, state: offerState(offer, localDate(new Date(), this.timeZone)) };
  }

  /**
   * The customer's answer to the offer: accepted, the request becomes an order (ticket number, on the
   * board); declined, it is closed. The order is reloaded; a refusal (expired) is `actionError`.
   */
  async answerOffer(answer: 'accept' | 'decline'): Promise<void> {
    if (this.isBusy) return;
    this.isBusy = true;
    this.actionError = null;
    try {
      await this.api.post(`${this.path}/${answer}-offer`, {}, { redirectOnUnauthorized: false });
    } catch (error) {
      runInAction(() => {
        this.actionError = error instanceof ApiRequestError ? error.message : t('general.unknownError');
      });
    }
    await this.load();
    runInAction(() => (this.isBusy = false));
  }

  /** Accepting confirms the order at the proposed time; rejecting cancels it. The order is reloaded. */
  async answerCounterOffer(answer: 'confirm' | 'reject'): Promise<void> {
    if (this.isBusy) return;
    this.isBusy = true;
    this.actionError = null;
    try {
      await this.api.post(
        `${this.path}/${answer}-counter-appointment`,
        {},
        { redirectOnUnauthorized: false },
      );
    } catch (error) {
      runInAction(() => {
        this.actionError =
          error instanceof ApiRequestError ? error.message : t('backoffice.orderStatusFailed');
      });
    }
    await this.load();
    runInAction(() => (this.isBusy = false));
  }

  get showsQuestionnaire(): boolean {
    const order = this.order;
    if (!order || this.isQuestionnaireHidden || this.isQuestionnaireSent) return false;
    return showQuestionnaire(order, !!this.data.config?.enablePluginOrderReviews);
  }

  setRating(field: RatingField, value: number): void {
    this.questionnaire = { ...this.questionnaire, [field]: value };
  }

  setComment(comment: string): void {
    this.questionnaire = { ...this.questionnaire, comment };
  }

  /** The comment box appears once all four ratings are set; sending needs all four. */
  get showsComment(): boolean {
    return showQuestionnaireComment(this.questionnaire);
  }

  get canSendQuestionnaire(): boolean {
    return canSendQuestionnaire(this.questionnaire) && !this.isBusy;
  }

  hideQuestionnaire(): void {
    this.isQuestionnaireHidden = true;
  }

  async sendQuestionnaire(): Promise<void> {
    if (!this.canSendQuestionnaire) return;
    this.isBusy = true;
    this.actionError = null;
    try {
      await this.api.post(`${this.path}/questionnaire`, this.questionnaire, {
        redirectOnUnauthorized: false,
      });
      runInAction(() => (this.isQuestionnaireSent = true));
      await this.load();
    } catch (error) {
      runInAction(() => {
        this.actionError =
          error instanceof ApiRequestError && error.status === 400
            ? error.message
            : t('backoffice.questionnaireFailed');
      });
    } finally {
      runInAction(() => (this.isBusy = false));
    }
  }
}

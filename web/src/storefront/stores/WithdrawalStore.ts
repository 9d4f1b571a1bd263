import type { WithdrawalForm, WithdrawalReceipt } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';

const CHECK_FIELDS = 'Bitte prüfen Sie die markierten Angaben.';

/** The fields of the withdrawal form as typed. */
export type WithdrawalField = 'name' | 'email' | 'note' | 'orderNumber' | 'orderEmail';

/**
 * The withdrawal function (§356a BGB), one form: the order named by its status page link (`uid` and
 * `hash`) or by number and e-mail; "Widerruf bestätigen" sends `POST /api/withdrawals`. Field errors come
 * from the server, in German, by field.
 */
export class WithdrawalStore {
  values: Record<WithdrawalField, string> = {
    name: '',
    email: '',
    note: '',
    orderNumber: '',
    orderEmail: '',
  };
  errors: Partial<Record<WithdrawalField | 'order', string>> = {};
  error: string | null = null;
  isSending = false;
  receipt: WithdrawalReceipt | null = null;

  constructor(
    private readonly api: ApiClient,
    /** The order from the status page; null: the footer's form names it by number and e-mail. */
    readonly link: { uid: string; hash: string } | null = null,
  ) {
    makeAutoObservable<WithdrawalStore, 'api'>(this, { api: false, link: false }, { autoBind: true });
  }

  set(field: WithdrawalField, value: string): void {
    this.values[field] = value;
    delete this.errors[field];
    // The summary above the form goes with the last marked field.
    if (this.error === CHECK_FIELDS && Object.keys(this.errors).length === 0) this.error = null;
  }

  errorFor(field: WithdrawalField | 'order'): string | undefined {
    return this.errors[field];
  }

  /** The fields the form shows: the order's number and e-mail only without a status link. */
  get shownFields(): WithdrawalField[] {
    return this.link ? ['name', 'email', 'note'] : ['name', 'orderNumber', 'orderEmail', 'email', 'note'];
  }

  /** The body as common's contract has it. */
  get body(): WithdrawalForm {
    const { name, email, note, orderNumber, orderEmail } = this.values;
    return this.link ? { ...this.link, name, email, note } : { orderNumber, orderEmail, name, email, note };
  }

  async confirm(): Promise<void> {
    if (this.isSending) return;
    this.isSending = true;
    this.error = null;
    this.errors = {};
    try {
      const receipt = await this.api.post<WithdrawalReceipt>('/api/withdrawals', this.body, {
        redirectOnUnauthorized: false,
      });
      runInAction(() => (this.receipt = receipt));
    } catch (error) {
      runInAction(() => {
        if (error instanceof ApiRequestError) {
          const shown = this.shownFields;
          for (const entry of error.errors)
            if (
              entry.field &&
              shown.includes(entry.field as WithdrawalField) &&
              !(entry.field in this.errors)
            )
              this.errors[entry.field as WithdrawalField] = entry.message;
          // A message at a field is not repeated above the form; one without a field (exempt, already
          // withdrawn, too many requests) is said there.
          const unplaced = error.errors.find(
            (entry) => !entry.field || !shown.includes(entry.field as WithdrawalField),
          );
          this.error = unplaced ? unplaced.message : CHECK_FIELDS;
        } else this.error = 'Der Widerruf konnte nicht gesendet werden. Bitte versuchen Sie es erneut.';
      });
    } finally {
      runInAction(() => (this.isSending = false));
    }
  }
}

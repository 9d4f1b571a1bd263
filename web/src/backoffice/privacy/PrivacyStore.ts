import { formatDate, t } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../../api/ApiClient';
import type { ErrorStore } from '../ErrorStore';
import type { StaffOrder } from '@ordering/common';

/** The label of the address field, in the form and in the error list ("E-Mail-Adresse: …"). */
export const EMAIL_LABEL = 'E-Mail-Adresse des Kunden';

/** The fallbacks of the error list (spec section 8) when the server sends no message. */
export const LOOKUP_FAILED = 'Auskunft konnte nicht geladen werden.';
export const ERASURE_FAILED = 'Personenbezogene Daten konnten nicht gelöscht werden.';

/** An order of the Art. 15 export: the staff view without the status page secret. */
export type ExportedOrder = Omit<StaffOrder, 'hash' | 'allowedActions'>;

/** `GET /api/privacy/export?email=` (its `data`): what is stored about an e-mail address. */
export interface PrivacyExport {
  email: string;
  exportedAt: string;
  orders: ExportedOrder[];
}

/** What the screen lists before the download and the erasure: the personal data found, each once. */
export interface PrivacySummary {
  orders: number;
  /** `DD.MM.YYYY` of the first and the last order (Vienna time), or null without orders. */
  first: string | null;
  last: string | null;
  names: string[];
  addresses: string[];
  phones: string[];
  /** How many orders carry a comment (its text is in the download). */
  comments: number;
}

// The server's own check (backend/src/privacy): something@something, no spaces, at most 200 characters.
const EMAIL = /^[^\s@]+@[^\s@]+$/;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const distinct = (values: string[]): string[] => [...new Set(values.filter(Boolean))];

/** The personal data found in the exported orders, for the person who answers the request. */
export function summarise(orders: readonly ExportedOrder[]): PrivacySummary {
  const dates = orders
    .map((order) => text(order.createdAt))
    .filter(Boolean)
    .sort();
  return {
    orders: orders.length,
    first: dates.length > 0 ? formatDate(new Date(dates[0]!)) : null,
    last: dates.length > 0 ? formatDate(new Date(dates[dates.length - 1]!)) : null,
    names: distinct(
      orders.map((order) => {
        const person = [text(order.firstName), text(order.lastName)].filter(Boolean).join(' ');
        return [person || text(order.name), text(order.company)].filter(Boolean).join(', ');
      }),
    ),
    addresses: distinct(
      orders.map((order) => {
        const street = [text(order.street), text(order.stairway), text(order.floor), text(order.door)]
          .filter(Boolean)
          .join(' / ');
        const city = [text(order.zipCode), text(order.city)].filter(Boolean).join(' ');
        return [street, city].filter(Boolean).join(', ');
      }),
    ),
    phones: distinct(orders.map((order) => text(order.phone))),
    comments: orders.filter((order) => text(order.comment) !== '').length,
  };
}

/** The file name the API gives the export (`auskunft-YYYY-MM-DD.json`, the day of the export in UTC). */
export function exportFileName(data: PrivacyExport): string {
  return `auskunft-${data.exportedAt.slice(0, 10)}.json`;
}

export interface PrivacyStoreOptions {
  api: ApiClient;
  errors: ErrorStore;
}

/**
 * "Auskunft und Löschung" (DSGVO Art. 15 and 17) by a customer's e-mail address: looks up what is stored
 * (the export of `GET /api/privacy/export`, which the server records in the audit log), keeps it for the
 * download, and anonymises the orders (`POST /api/privacy/anonymise`). Administrators only, as the API.
 */
export class PrivacyStore {
  email = '';
  /** The German message at the address field (client check or the server's `email` error). */
  emailError: string | null = null;
  /** The export of the address last looked up, or null. */
  result: PrivacyExport | null = null;
  /** After an erasure: the address and how many orders lost their personal data. */
  erased: { email: string; orders: number } | null = null;
  loading = false;
  erasing = false;
  private readonly api: ApiClient;
  private readonly errors: ErrorStore;

  constructor({ api, errors }: PrivacyStoreOptions) {
    this.api = api;
    this.errors = errors;
    makeAutoObservable<PrivacyStore, 'api' | 'errors'>(
      this,
      { api: false, errors: false },
      { autoBind: true },
    );
  }

  get summary(): PrivacySummary | null {
    return this.result ? summarise(this.result.orders) : null;
  }

  setEmail(value: string): void {
    this.email = value;
    this.emailError = null;
  }

  /** Checks the address as the server does; false and the message at the field when it is not one. */
  check(): boolean {
    const email = this.email.trim();
    if (email === '') this.emailError = t('validation.blank');
    else if (email.length > 200 || !EMAIL.test(email)) this.emailError = t('validation.email');
    else this.emailError = null;
    return this.emailError === null;
  }

  /** Looks the address up; true when the export arrived (an address without orders gives an empty one). */
  async lookUp(): Promise<boolean> {
    if (this.loading || !this.check()) return false;
    const email = this.email.trim();
    this.loading = true;
    this.result = null;
    this.erased = null;
    try {
      const data = await this.call(
        LOOKUP_FAILED,
        () => this.api.get<PrivacyExport>(`/api/privacy/export?email=${encodeURIComponent(email)}`),
        () => this.lookUp(),
      );
      runInAction(() => (this.result = data ?? null));
      return data !== undefined;
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** The export as the JSON file the API gives (`auskunft-YYYY-MM-DD.json`), for `downloadText`. */
  get download(): { name: string; text: string } | null {
    if (!this.result) return null;
    return { name: exportFileName(this.result), text: JSON.stringify(this.result, null, 2) + '\n' };
  }

  /** Anonymises every order of the looked-up address; true when the server did. */
  async erase(): Promise<boolean> {
    const result = this.result;
    if (!result || this.erasing) return false;
    this.erasing = true;
    try {
      const data = await this.call(
        ERASURE_FAILED,
        () => this.api.post<{ orders: number }>('/api/privacy/anonymise', { email: result.email }),
        () => this.erase(),
      );
      if (data === undefined) return false;
      runInAction(() => {
        this.erased = { email: result.email, orders: data.orders };
        this.result = null;
      });
      return true;
    } finally {
      runInAction(() => (this.erasing = false));
    }
  }

  /**
   * A call through the error list: the server's `email` error stands at the field and, named by the
   * field's label, in the list (as the entity forms do); "Erneut versuchen" runs `retry`. Undefined when it
   * failed.
   */
  private async call<T>(
    fallback: string,
    request: () => Promise<T>,
    retry: () => unknown,
  ): Promise<T | undefined> {
    const send = () =>
      request().catch((error: unknown) => {
        if (!(error instanceof ApiRequestError)) throw error;
        const message = error.messageFor('email');
        if (message !== undefined) runInAction(() => (this.emailError = message));
        throw new ApiRequestError(
          error.status,
          error.errors.map((entry) =>
            entry.field === 'email' ? { ...entry, message: `${EMAIL_LABEL}: ${entry.message}` } : entry,
          ),
        );
      });
    return this.errors.run(fallback, send, { retry });
  }
}

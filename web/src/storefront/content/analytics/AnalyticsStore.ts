import type { CartItem, CartTotals, Cents } from '@ordering/common';
import { reaction } from 'mobx';
import type { ApiClient } from '../../../api/ApiClient';
import type { ConsentStore } from '../consent/ConsentStore';

/** Commerce events of spec section 7 (the page view is a record of its own). */
export type CommerceAction = 'initiate_checkout' | 'add_to_cart' | 'purchase';

/** One item of a commerce event; money in cents, exact. */
export interface TrackedItem {
  id: number;
  name: string;
  quantity: number;
  unit: string;
  /** Gross line price in cents, when the customer sees it. */
  priceCents: Cents | null;
}

/** What a commerce event carries: items, their value and the currency. */
export interface CommercePayload {
  currency: string;
  valueCents: Cents | null;
  items: TrackedItem[];
  /** The order's uid (purchase only). */
  orderUid?: string;
}

/** The body of `POST /api/analytics-log`. */
export interface AnalyticsRecord {
  type: 'pageview' | 'event' | 'commerce';
  action: string;
  category?: string;
  path?: string;
  data?: Record<string, unknown>;
}

/** The items and value of a cart as tracking reports them (hidden prices stay hidden). */
export function commercePayload(
  items: readonly CartItem[],
  totals: Pick<CartTotals, 'lines' | 'total'> | null,
  currency: string,
): CommercePayload {
  // Lines are priced only for products still in the catalogue; without a line per item no prices are sent.
  const lines = totals && totals.lines.length === items.length ? totals.lines : null;
  const tracked = items.map((item, index) => {
    const line = lines?.[index];
    return {
      id: item.product.id,
      name: item.product.name,
      quantity: item.amount,
      unit: item.unit,
      priceCents: line && !line.isPriceHidden ? line.gross : null,
    };
  });
  const anyHidden = !lines || lines.some((line) => line.isPriceHidden);
  return { currency, valueCents: anyHidden ? null : totals!.total.gross, items: tracked };
}

/**
 * The analytics log and commerce tracking of the storefront (spec sections 4 and 7): records go to
 * `POST /api/analytics-log` only while the visitor has consented; a failure is ignored (never shown,
 * never retried), so tracking can never get in the way of ordering.
 */
export class AnalyticsStore {
  constructor(
    private readonly api: ApiClient,
    private readonly consent: ConsentStore,
  ) {}

  /** Sends one record while the statistics consent is given; resolves whether it was sent and accepted. */
  async send(record: AnalyticsRecord): Promise<boolean> {
    if (!this.consent.statistics) return false;
    try {
      await this.api.post('/api/analytics-log', record, { redirectOnUnauthorized: false });
      return true;
    } catch {
      return false;
    }
  }

  pageView(path: string, title: string): Promise<boolean> {
    return this.send({ type: 'pageview', action: 'view', category: 'page', path, data: { title } });
  }

  /**
   * An event of the spec's client variant (type `event`: name, text, data): `name` is what happened
   * (`call`, `whatsapp`, `directions`, `email`), `text` what the visitor read on the control.
   */
  event(name: string, text: string, data: Record<string, unknown> = {}, path?: string): Promise<boolean> {
    return this.send({
      type: 'event',
      action: name,
      category: 'event',
      ...(path ? { path } : {}),
      data: { text: text.trim().slice(0, 200), ...data },
    });
  }

  commerce(action: CommerceAction, payload: CommercePayload, path?: string): Promise<boolean> {
    return this.send({
      type: 'commerce',
      action,
      category: action === 'add_to_cart' ? 'cart' : 'checkout',
      ...(path ? { path } : {}),
      data: { ...payload },
    });
  }

  /**
   * Reports `add_to_cart` whenever a cart of the same branch gets more items (saving a new product adds
   * one; switching branches or a reload does not count). Returns the function that stops watching.
   */
  watchCart(
    cart: {
      readonly branch: { identifier: string } | null;
      readonly items: readonly CartItem[];
      readonly totals: CartTotals;
    },
    currency: () => string,
  ): () => void {
    return reaction(
      () => ({ branch: cart.branch?.identifier ?? null, count: cart.items.length }),
      (now, before) => {
        if (now.branch === null || now.branch !== before.branch || now.count <= before.count) return;
        const added = cart.items.slice(before.count);
        const lines =
          cart.totals.lines.length === cart.items.length ? cart.totals.lines.slice(before.count) : [];
        const payload = commercePayload(
          added,
          lines.length === added.length ? { lines, total: sumLines(lines) } : null,
          currency(),
        );
        void this.commerce('add_to_cart', payload);
      },
    );
  }
}

function sumLines(lines: CartTotals['lines']): CartTotals['total'] {
  const gross = lines.reduce((sum, line) => sum + line.gross, 0) as Cents;
  const net = lines.reduce((sum, line) => sum + line.split.net, 0) as Cents;
  return { gross, net, tax: (gross - net) as Cents };
}

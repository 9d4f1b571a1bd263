import {
  activeSoldOut,
  type ConfigurablePart,
  type SoldOutEntry,
  type SoldOutState,
  type SoldOutUntil,
} from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../api/ApiClient';
import type { ErrorStore } from '../ErrorStore';

/** A product as the sold-out panel offers it (its parts name the options). */
export interface SoldOutProduct {
  id: number;
  name: string;
  config?: { parts: ConfigurablePart[] } | null;
}

/** What can be marked of a product: the whole product, or `part` + `option`. */
export interface SoldOutChoice {
  part: number | null;
  option: string | null;
  label: string;
}

/** The choices of a product: the product itself, then every option of its select parts. */
export function soldOutChoices(product: SoldOutProduct): SoldOutChoice[] {
  const options = (product.config?.parts ?? []).flatMap((part, index) =>
    part.type === 'select' || part.type === 'multiselect'
      ? part.options.map((option) => ({
          part: index,
          option: option.name,
          label: `${part.name}: ${option.name}`,
        }))
      : [],
  );
  return [{ part: null, option: null, label: 'Ganzes Produkt' }, ...options];
}

/** What the mark says in the list: "Schnitzel" or "Schnitzel – Beilage: Pommes". */
export function soldOutLabel(entry: SoldOutEntry): string {
  return entry.option === null
    ? entry.product.name
    : `${entry.product.name} – ${entry.partName ?? ''}${entry.partName ? ': ' : ''}${entry.option}`;
}

/** The body of a mark (`POST …/sold-out`). */
export interface SoldOutMarkBody {
  product: { id: number };
  part?: number | null;
  option?: string | null;
  until: SoldOutUntil;
}

/**
 * Where the panel reads and writes: the staff routes by default; the counter board sends through its PIN
 * dialog (`false`: the dialog was closed, nothing changed).
 */
export interface SoldOutTransport {
  list(branchId: number): Promise<SoldOutState>;
  products(): Promise<SoldOutProduct[]>;
  mark(branchId: number, body: SoldOutMarkBody): Promise<unknown>;
  release(branchId: number, entryId: string): Promise<unknown>;
}

/** The staff routes (session or API token). */
export function staffSoldOutTransport(api: ApiClient): SoldOutTransport {
  return {
    list: (branchId) => api.get<SoldOutState>(`/api/branches/${branchId}/sold-out`),
    products: () => api.get<SoldOutProduct[]>('/api/products?limit=1000'),
    mark: (branchId, body) => api.post(`/api/branches/${branchId}/sold-out`, body),
    release: (branchId, entryId) => api.delete(`/api/branches/${branchId}/sold-out/${entryId}`),
  };
}

/**
 * "Ausverkauft" at the board and in the back office (docs/decisions/kitchen.md): the marks of one branch
 * with who set them, a form to mark a product or an option (one tap plus the until choice), and "wieder
 * verfügbar". Changes from other boards arrive by the staff stream's `availability.changed`.
 */
export class SoldOutBoardStore {
  branchId: number | null = null;
  entries: SoldOutEntry[] = [];
  products: SoldOutProduct[] = [];
  productId: number | null = null;
  choice = 0;
  until: SoldOutUntil = 'closing';
  busy = false;

  private readonly transport: SoldOutTransport;

  constructor(
    api: ApiClient | null,
    private readonly errors: Pick<ErrorStore, 'run'>,
    transport?: SoldOutTransport,
  ) {
    this.transport = transport ?? staffSoldOutTransport(api!);
    makeAutoObservable<SoldOutBoardStore, 'transport' | 'errors'>(this, { transport: false, errors: false });
  }

  /** The marks that count at `now`, newest first. */
  activeAt(now: Date): SoldOutEntry[] {
    return activeSoldOut(this.entries, now).sort((a, b) => b.markedAt.localeCompare(a.markedAt));
  }

  get product(): SoldOutProduct | null {
    return this.products.find((p) => p.id === this.productId) ?? null;
  }

  get choices(): SoldOutChoice[] {
    return this.product ? soldOutChoices(this.product) : [];
  }

  setProduct(id: number | null) {
    this.productId = id;
    this.choice = 0;
  }

  setChoice(index: number) {
    this.choice = index;
  }

  setUntil(until: SoldOutUntil) {
    this.until = until;
  }

  /** Reads the branch's marks (and the products once). */
  async show(branchId: number): Promise<void> {
    this.branchId = branchId;
    const [state, products] = await Promise.all([
      this.errors.run('Ausverkauft-Liste konnte nicht geladen werden.', () => this.transport.list(branchId)),
      this.products.length
        ? Promise.resolve(this.products)
        : this.transport.products().catch(() => [] as SoldOutProduct[]),
    ]);
    runInAction(() => {
      if (state && this.branchId === branchId) this.entries = state.entries;
      this.products = [...products].sort((a, b) => a.name.localeCompare(b.name, 'de'));
    });
  }

  /** A live `availability.changed` event of the staff stream. */
  apply(data: string): void {
    try {
      const state = JSON.parse(data) as SoldOutState;
      if (state.branchId === this.branchId && Array.isArray(state.entries)) this.entries = state.entries;
    } catch {
      // not ours
    }
  }

  /** Marks the chosen product (or option) sold out. */
  async mark(): Promise<boolean> {
    const product = this.product;
    const choice = this.choices[this.choice];
    if (!product || !choice || this.branchId === null) return false;
    return this.send((branchId) =>
      this.transport.mark(branchId, {
        product: { id: product.id },
        ...(choice.part === null ? {} : { part: choice.part, option: choice.option }),
        until: this.until,
      }),
    );
  }

  /** The mark of the whole product that counts at `now`, if any. */
  productEntry(productId: number, now: Date): SoldOutEntry | null {
    return (
      activeSoldOut(this.entries, now).find((e) => e.product.id === productId && e.option === null) ?? null
    );
  }

  /** One tap in the product list: the whole product sold out (with the chosen end), or available again. */
  toggleProduct(productId: number, now: Date): Promise<boolean> {
    const entry = this.productEntry(productId, now);
    if (entry) return this.release(entry.id);
    return this.send((branchId) =>
      this.transport.mark(branchId, { product: { id: productId }, until: this.until }),
    );
  }

  /** "Wieder verfügbar". */
  release(entryId: string): Promise<boolean> {
    return this.send((branchId) => this.transport.release(branchId, entryId));
  }

  private async send(call: (branchId: number) => Promise<unknown>): Promise<boolean> {
    const branchId = this.branchId;
    if (branchId === null) return false;
    this.busy = true;
    const done = await this.errors.run('Ausverkauft konnte nicht gespeichert werden.', async () => {
      return (await call(branchId)) !== false;
    });
    runInAction(() => (this.busy = false));
    if (done) await this.show(branchId);
    return done === true;
  }
}

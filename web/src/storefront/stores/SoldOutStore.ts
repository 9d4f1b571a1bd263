import {
  AVAILABILITY_EVENT,
  activeSoldOut,
  isOptionSoldOut,
  isProductSoldOut,
  soldOutIssues,
  type CartItem,
  type Product,
  type SoldOutEntry,
  type SoldOutIssue,
  type SoldOutState,
} from '@ordering/common';
import { makeAutoObservable, onBecomeObserved, onBecomeUnobserved, reaction, runInAction } from 'mobx';
import type { ApiClient } from '../../api/ApiClient';
import { LiveEventClient, type OpenEventSource } from '../../api/liveEvents';
import type { BranchStore } from './BranchStore';
import type { ClockStore } from './ClockStore';

/**
 * What the selected branch has sold out (docs/decisions/kitchen.md "Ausverkauft"), read from
 * `GET /api/branches/{id}/sold-out` and kept current by its live stream, apart from the catalogue: the
 * product cards, the configurator and the cart ask here. A mark stops counting at its end on the clock.
 */
export class SoldOutStore {
  /** The marks of the followed branch (including ones whose end passed; the getters filter by the clock). */
  entries: SoldOutEntry[] = [];
  branchId: number | null = null;
  private stream: LiveEventClient | null = null;
  private sequence = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly branches: BranchStore,
    private readonly clock: ClockStore,
    private readonly openStream: OpenEventSource = () => null,
  ) {
    makeAutoObservable<SoldOutStore, 'api' | 'branches' | 'clock' | 'openStream' | 'stream' | 'sequence'>(
      this,
      { api: false, branches: false, clock: false, openStream: false, stream: false, sequence: false },
      { autoBind: true },
    );
    // Only while a page shows something that asks (cards, configurator, cart): then the selected
    // branch's list is read and its stream followed; unobserved, the stream closes.
    let stop: (() => void) | null = null;
    onBecomeObserved(this, 'entries', () => {
      stop = reaction(
        () => this.branches.selected?.id ?? null,
        (id) => this.follow(id),
        { fireImmediately: true },
      );
    });
    onBecomeUnobserved(this, 'entries', () => {
      stop?.();
      stop = null;
      this.stream?.dispose();
      this.stream = null;
    });
  }

  /** The marks that count now. */
  get active(): SoldOutEntry[] {
    return activeSoldOut(this.entries, this.clock.now);
  }

  isProductSoldOut(productId: number): boolean {
    return isProductSoldOut(this.active, productId, this.clock.now);
  }

  isOptionSoldOut(productId: number, part: number, option: string): boolean {
    return isOptionSoldOut(this.active, productId, part, option, this.clock.now);
  }

  /** What makes a cart line unorderable now (the product's current parts decide its options). */
  lineIssues(item: CartItem, product: Pick<Product, 'config'> | undefined): SoldOutIssue[] {
    return soldOutIssues(
      this.active,
      { product: { ...item.product, config: product?.config ?? null }, parts: item.parts },
      '',
      this.clock.now,
    );
  }

  /** Reads a branch's marks and follows its stream (null: none); the previous branch's stream ends. */
  follow(branchId: number | null): void {
    if (branchId === this.branchId && this.stream) return;
    this.stream?.dispose();
    this.stream = null;
    // The same branch again (a page shown anew): its list stays until the new read.
    if (branchId !== this.branchId) this.entries = [];
    this.branchId = branchId;
    if (branchId === null) return;
    const stream = new LiveEventClient({
      url: `/api/branches/${branchId}/sold-out/events`,
      open: this.openStream,
      // Each (re)connect reads the list once: nothing changed in between goes unseen.
      onOpen: () => void this.load(branchId),
    });
    stream.on(AVAILABILITY_EVENT, (message) => this.apply(message.data));
    stream.connect();
    this.stream = stream.active ? stream : null;
    void this.load(branchId);
  }

  /** Applies a live `availability.changed` event (the branch's whole list after the change). */
  apply(data: string): void {
    let state: SoldOutState;
    try {
      state = JSON.parse(data) as SoldOutState;
    } catch {
      return;
    }
    if (state.branchId !== this.branchId || !Array.isArray(state.entries)) return;
    this.sequence++;
    this.entries = state.entries;
  }

  private async load(branchId: number): Promise<void> {
    const sequence = ++this.sequence;
    try {
      const state = await this.api.get<SoldOutState>(`/api/branches/${branchId}/sold-out`);
      // An event that arrived meanwhile is newer than this answer.
      runInAction(() => {
        if (this.branchId === branchId && this.sequence === sequence) this.entries = state.entries;
      });
    } catch {
      // Offline or the branch is gone: the last known list stays; the server refuses at checkout anyway.
    }
  }
}

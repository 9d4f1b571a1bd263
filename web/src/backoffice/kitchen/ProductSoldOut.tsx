import { formatDayTime, type SoldOutUntil } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { LiveEventClient } from '../../api/liveEvents';
import type { BackofficeRootStore } from '../BackofficeRootStore';
import { SoldOutBoardStore } from '../orders/SoldOutBoardStore';
import { useStores } from '../stores';
import './kitchen-settings.css';

/**
 * "Ausverkauft" in one tap from Sortiment › Produkte (docs/decisions/kitchen.md): the panel above the list
 * chooses the branch and the end ("bis Geschäftsschluss" / "bis auf Weiteres"), each row has a toggle. It
 * uses the sold-out routes of the order board (`POST`/`DELETE /api/branches/{id}/sold-out`), so the
 * storefront and the kiosk follow by their live stream.
 */
export class ProductSoldOutStore {
  branches: { id: number; name: string }[] = [];
  readonly marks: SoldOutBoardStore;
  private live: LiveEventClient | null = null;

  constructor(private readonly root: BackofficeRootStore) {
    this.marks = new SoldOutBoardStore(root.api, root.errors);
    makeAutoObservable<ProductSoldOutStore, 'root' | 'live'>(this, {
      root: false,
      marks: false,
      live: false,
    });
  }

  /**
   * While the list is shown: the staff stream's `availability.changed` (marks from the board, the counter,
   * a kitchen display or another tab) updates the column; a reconnect reads the marks again. Returns the
   * function that stops following.
   */
  follow(): () => void {
    if (this.live || !this.root.env.openEventStream) return () => undefined;
    const live = new LiveEventClient({
      url: '/api/events',
      open: this.root.env.openEventStream,
      onOpen: ({ first }) => {
        if (!first && this.marks.branchId !== null) void this.marks.show(this.marks.branchId);
      },
    });
    live.on('availability.changed', (message) => this.marks.apply(message.data));
    this.live = live;
    live.connect();
    return () => {
      live.dispose();
      if (this.live === live) this.live = null;
    };
  }

  /** The user's branches and the first one's marks (once). */
  async load(): Promise<void> {
    if (this.branches.length) return;
    const branches = await this.root.errors.run('Filialen konnten nicht geladen werden.', () =>
      this.root.api.get<{ id: number; name: string }[]>('/api/branches?limit=1000'),
    );
    if (!branches?.length) return;
    runInAction(() => (this.branches = branches.map((b) => ({ id: b.id, name: b.name }))));
    await this.marks.show(this.branches[0]!.id);
  }
}

const FEATURE = 'product-sold-out';
const storeOf = (root: BackofficeRootStore) => root.feature(FEATURE, (r) => new ProductSoldOutStore(r));

/** The branch and the end of a mark, above the product list. */
export const ProductSoldOutPanel = observer(function ProductSoldOutPanel() {
  const root = useStores();
  const store = storeOf(root);
  useEffect(() => {
    void store.load();
    return store.follow();
  }, [store]);
  const { marks } = store;
  const until = (value: SoldOutUntil, label: string) => (
    <label className="product-sold-out__until">
      <input
        type="radio"
        name="product-sold-out-until"
        checked={marks.until === value}
        onChange={() => marks.setUntil(value)}
      />
      {label}
    </label>
  );
  return (
    <fieldset className="card product-sold-out" aria-describedby="product-sold-out-hint">
      <legend>Ausverkauft</legend>
      <p id="product-sold-out-hint" className="kitchen-settings__hint">
        Ein Tipp auf „Ausverkauft“ in einer Zeile nimmt das Produkt in der Filiale sofort aus dem Shop und dem
        Kiosk; ein zweiter macht es wieder verfügbar.
      </p>
      <div className="product-sold-out__row">
        {store.branches.length > 1 && (
          <label className="kitchen-settings__branch">
            <span>Filiale</span>
            <select value={marks.branchId ?? ''} onChange={(e) => void marks.show(Number(e.target.value))}>
              {store.branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {until('closing', 'bis Geschäftsschluss')}
        {until(null, 'bis auf Weiteres')}
      </div>
    </fieldset>
  );
});

/** The toggle of one product row. */
export const ProductSoldOutCell = observer(function ProductSoldOutCell({
  row,
}: {
  row: Record<string, unknown>;
}) {
  const root = useStores();
  const { marks } = storeOf(root);
  const id = Number(row.id);
  if (marks.branchId === null) return null;
  const entry = marks.productEntry(id, root.now());
  const name = typeof row.name === 'string' ? row.name : `Produkt ${id}`;
  return (
    <span className="product-sold-out__cell">
      <button
        type="button"
        className={`button ${entry ? 'button--danger' : 'button--secondary'} product-sold-out__toggle`}
        aria-pressed={entry !== null}
        aria-label={`${name} ausverkauft`}
        disabled={marks.busy}
        onClick={() => void marks.toggleProduct(id, root.now())}
      >
        Ausverkauft
      </button>
      {entry && (
        <span className="product-sold-out__until-text">
          {entry.until ? `bis ${formatDayTime(new Date(entry.until))} Uhr` : 'bis auf Weiteres'}
        </span>
      )}
    </span>
  );
});

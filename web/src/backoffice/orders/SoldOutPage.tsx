import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from '../../router/router';
import { PageTitle } from '../../components/PageTitle';
import { useStores } from '../stores';
import './board.css';
import { orderFeatureOf } from './feature';
import { SoldOutPanel } from './SoldOutPanel';

/**
 * "Ausverkauft" in the back office: per branch what is sold out now, who marked it and when, with
 * "Wieder verfügbar", and the form to mark more (docs/decisions/kitchen.md).
 */
export const SoldOutPage = observer(function SoldOutPage() {
  const root = useStores();
  const { pauses, soldOut } = orderFeatureOf(root);
  useEffect(() => {
    void pauses.load();
  }, [pauses]);
  const branch = pauses.selected;
  return (
    <section aria-labelledby="sold-out-title">
      <PageTitle title="Ausverkauft" shopName={root.ui.shopName} />
      <div className="board-toolbar">
        <h1 id="sold-out-title">Ausverkauft</h1>
        {pauses.branches.length > 1 && branch && (
          <label className="sold-out__field">
            <span>Filiale</span>
            <select value={branch.id} onChange={(e) => pauses.select(Number(e.target.value))}>
              {pauses.branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <Link className="button button--ghost" to="/backend/orders">
          Zur Live-Tafel
        </Link>
      </div>
      {branch ? (
        <SoldOutPanel store={soldOut} branchId={branch.id} now={root.now()} timeZone={branch.timeZone} />
      ) : (
        <p className="muted">Filialen werden geladen …</p>
      )}
    </section>
  );
});

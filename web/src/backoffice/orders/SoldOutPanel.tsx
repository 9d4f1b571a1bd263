import { formatDayTime } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { soldOutLabel, type SoldOutBoardStore } from './SoldOutBoardStore';
import './sold-out.css';

/**
 * "Ausverkauft": mark a product or one of its options sold out for a branch, "bis Geschäftsschluss" (until
 * the next opening) or "bis auf Weiteres", and the list of what is sold out now with who marked it and
 * "Wieder verfügbar". On the order board (collapsed) and as its own back-office page.
 */
export const SoldOutPanel = observer(function SoldOutPanel({
  store,
  branchId,
  now,
  timeZone,
  collapsible = false,
}: {
  store: SoldOutBoardStore;
  branchId: number;
  now: Date;
  timeZone?: string;
  collapsible?: boolean;
}) {
  const id = useId();
  useEffect(() => {
    void store.show(branchId);
  }, [store, branchId]);
  const entries = store.activeAt(now);
  const body = (
    <>
      <form
        className="sold-out__form"
        onSubmit={(event) => {
          event.preventDefault();
          void store.mark();
        }}
      >
        <label className="sold-out__field">
          <span>Produkt</span>
          <select
            value={store.productId ?? ''}
            onChange={(e) => store.setProduct(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Bitte wählen …</option>
            {store.products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        {store.choices.length > 1 && (
          <label className="sold-out__field">
            <span>Was</span>
            <select value={store.choice} onChange={(e) => store.setChoice(Number(e.target.value))}>
              {store.choices.map((choice, index) => (
                <option key={index} value={index}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset className="sold-out__until">
          <legend>Wie lange</legend>
          <label>
            <input
              type="radio"
              name={`${id}-until`}
              checked={store.until === 'closing'}
              onChange={() => store.setUntil('closing')}
            />
            bis Geschäftsschluss
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-until`}
              checked={store.until === null}
              onChange={() => store.setUntil(null)}
            />
            bis auf Weiteres
          </label>
        </fieldset>
        <button type="submit" className="button button--primary" disabled={!store.product || store.busy}>
          Als ausverkauft markieren
        </button>
      </form>
      {entries.length === 0 ? (
        <p className="muted sold-out__empty">Derzeit ist nichts ausverkauft.</p>
      ) : (
        <table className="sold-out__table">
          <caption className="visually-hidden">Derzeit ausverkauft</caption>
          <thead>
            <tr>
              <th scope="col">Ausverkauft</th>
              <th scope="col">Bis</th>
              <th scope="col">Markiert von</th>
              <th scope="col">
                <span className="visually-hidden">Aktion</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{soldOutLabel(entry)}</td>
                <td>
                  {entry.until ? `${formatDayTime(new Date(entry.until), timeZone)} Uhr` : 'auf Weiteres'}
                </td>
                <td>
                  {entry.markedBy?.name ?? '–'}, {formatDayTime(new Date(entry.markedAt), timeZone)} Uhr
                </td>
                <td>
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={store.busy}
                    aria-label={`${soldOutLabel(entry)}: wieder verfügbar`}
                    onClick={() => void store.release(entry.id)}
                  >
                    Wieder verfügbar
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
  if (collapsible)
    return (
      <details className="sold-out sold-out--board">
        <summary className="sold-out__summary">
          Ausverkauft{entries.length > 0 ? ` (${entries.length})` : ''}
        </summary>
        {body}
      </details>
    );
  return (
    <section className="sold-out" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sold-out__title">
        Derzeit ausverkauft
      </h2>
      {body}
    </section>
  );
});

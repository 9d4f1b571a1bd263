import { customerStatusText } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import { Link } from '../../router/router';
import { PageTitle } from '../../components/PageTitle';
import { CollectionStore } from '../collection/CollectionStore';
import { Pager } from '../collection/Pager';
import { downloadText } from '../csv';
import { DateRangeFields } from '../editors/dates/DateRangeFields';
import { useStores } from '../stores';
import './board.css';
import { customerName, formatWhen, orderTotal, orderTypeLabel } from './board';
import { ordersCsv, ordersCsvName } from './csv';
import { ORDERS_LOAD_FAILED } from './OrdersStore';
import type { StaffOrder } from '@ordering/common';

const STATES = [
  ['', 'Alle'],
  ['unconfirmed', 'Unbestätigt'],
  ['confirmed', 'Bestätigt'],
  ['inDelivery', 'In Zustellung / abholbereit'],
  ['delivered', 'Geliefert'],
  ['completed', 'Abgeschlossen'],
  ['rejected', 'Abgelehnt'],
  ['canceled', 'Storniert'],
  ['failed', 'Fehlgeschlagen'],
] as const;

/** Order history: the API's filters (period, status, search), pages, and an export to CSV. */
export const OrderHistoryPage = observer(function OrderHistoryPage() {
  const root = useStores();
  const history = root.feature(
    'order-history',
    (r) =>
      new CollectionStore<StaffOrder>({
        api: r.api,
        errors: r.errors,
        path: '/api/orders',
        loadFailed: ORDERS_LOAD_FAILED,
      }),
  );
  const now = root.now();

  useEffect(() => {
    if (!history.loaded) void history.load();
  }, [history]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    history.page = 1;
    void history.load();
  }

  async function exportCsv() {
    const rows = await history.fetchAll();
    downloadText(ordersCsvName(root.now()), ordersCsv(rows));
  }

  return (
    <section aria-labelledby="history-title">
      <PageTitle title="Bestellhistorie" shopName={root.ui.shopName} />
      <div className="board-toolbar">
        <h1 id="history-title">Bestellhistorie</h1>
        <Link className="button button--ghost" to="/backend/orders">
          Zur Live-Tafel
        </Link>
      </div>
      <form className="history-filters" onSubmit={onSubmit} aria-label="Filter">
        <label className="action-field">
          <span>Suche</span>
          <input
            type="search"
            value={history.params.q ?? ''}
            placeholder="Name, Telefon, E-Mail, Ticket"
            onChange={(e) => history.setParam('q', e.target.value)}
          />
        </label>
        <DateRangeFields
          idPrefix="history"
          from={history.params.from}
          to={history.params.to}
          onChange={(key, value) => history.setParam(key, value)}
        />
        <label className="action-field">
          <span>Status</span>
          <select
            value={history.params.status ?? ''}
            onChange={(e) => history.setParam('status', e.target.value)}
          >
            {STATES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          Anzeigen
        </button>
        <button type="button" className="button" onClick={() => void exportCsv()}>
          Als CSV exportieren
        </button>
      </form>
      {history.loaded && history.items.length === 0 ? (
        <p className="card">Leider wurden keine Ergebnisse gefunden.</p>
      ) : (
        <div className="history-table-wrap">
          <table className="history-table">
            <thead>
              <tr>
                <th scope="col">Ticket</th>
                <th scope="col">Eingang</th>
                <th scope="col">Filiale</th>
                <th scope="col">Kunde</th>
                <th scope="col">Art</th>
                <th scope="col">Status</th>
                <th scope="col">Zahlung</th>
                <th scope="col" className="num">
                  Summe
                </th>
                <th scope="col">Statusseite</th>
              </tr>
            </thead>
            <tbody>
              {history.items.map((order) => (
                <tr key={order.id}>
                  <td>
                    {order.ticketNumber ? `#${order.ticketNumber}` : order.isQuotation ? 'Anfrage' : '–'}
                  </td>
                  <td>{order.createdAt ? formatWhen(order.createdAt, now) : ''}</td>
                  <td>{order.branchName}</td>
                  <td>{customerName(order)}</td>
                  <td>{orderTypeLabel(order)}</td>
                  <td>{customerStatusText(order)}</td>
                  <td>{order.payment?.text}</td>
                  <td className="num">{orderTotal(order)}</td>
                  <td>
                    <a href={`/status/${order.uid}/${order.hash}`} target="_blank" rel="noreferrer">
                      Öffnen<span className="visually-hidden"> (Bestellung {order.id})</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager list={history} entries={['Bestellung', 'Bestellungen']} />
    </section>
  );
});

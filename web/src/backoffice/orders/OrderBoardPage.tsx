import { rejectionReasonsOf } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import './board.css';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { SoundGate, TabIcon } from './SoundGate';
import { Link } from '../../router/router';
import { PageTitle } from '../../components/PageTitle';
import { useStores } from '../stores';
import { BOARD_COLUMNS, type BoardColumn } from './board';
import { orderFeatureOf } from './feature';
import { OrderCard } from './OrderCard';
import { OrderDetail } from './OrderDetail';
import { PauseBar } from './PauseBar';
import { SoldOutPanel } from './SoldOutPanel';
import { printerLine } from './PrintersStore';

/** The live order board: the first screen after signing in. */
export const OrderBoardPage = observer(function OrderBoardPage() {
  const root = useStores();
  const { orders, alarm, pauses, printers, cards, soldOut } = orderFeatureOf(root);
  const boardRef = useRef<HTMLDivElement>(null);
  const lastFocus = useRef<number | null>(null);

  useEffect(() => {
    if (!orders.loaded) void orders.load();
    if (!printers.loaded) void printers.load();
    orders.connect();
  }, [orders, printers]);

  const now = root.now();
  // The shop's preset reasons; none until the configuration has come (then only free text is offered).
  const rejectionReasons = root.config ? rejectionReasonsOf(root.config.rejectionReasons) : [];
  const columns = orders.columns;
  const alarming = alarm.alarming.length;
  const newCount = orders.unconfirmedIds.length;
  // "Neu" takes the room while nothing is being prepared or waits for pickup.
  const focusNew =
    columns.new.length > 0 &&
    columns.confirmed.length + columns.inDelivery.length + columns.ready.length === 0;

  /** The click that allows sound; it also asks once for notifications while the tab is in the background. */
  function enableSound() {
    void alarm.enableSound();
    if (typeof Notification === 'function' && Notification.permission === 'default')
      void Notification.requestPermission();
  }

  function focusCard(column: BoardColumn, row: number) {
    const board = boardRef.current;
    if (!board) return false;
    const target = board.querySelector<HTMLButtonElement>(`[data-col="${column}"][data-row="${row}"]`);
    target?.focus();
    return !!target;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    const column = target.dataset.col as BoardColumn | undefined;
    if (!column || event.altKey || event.ctrlKey || event.metaKey) return;
    const row = Number(target.dataset.row);
    const colIndex = BOARD_COLUMNS.findIndex((c) => c.id === column);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusCard(
        column,
        Math.max(0, Math.min(columns[column].length - 1, row + (event.key === 'ArrowDown' ? 1 : -1))),
      );
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const step = event.key === 'ArrowRight' ? 1 : -1;
      for (let i = colIndex + step; i >= 0 && i < BOARD_COLUMNS.length; i += step) {
        const next = BOARD_COLUMNS[i]!.id;
        if (columns[next].length > 0) {
          focusCard(next, Math.min(row, columns[next].length - 1));
          break;
        }
      }
    } else if (event.key === 'a' || event.key === 'A') {
      const order = columns[column][row];
      if (order && column === 'new') {
        event.preventDefault();
        accept(order.id);
      }
    }
  }

  /** Confirms without a chosen time: the server applies the branch's default preparation time. */
  function accept(id: number) {
    alarm.acknowledge(id);
    void orders.act(id, { action: 'confirm' });
  }

  function open(id: number, column: BoardColumn, row: number) {
    lastFocus.current = id;
    alarm.acknowledge(id);
    orders.select(id);
    void column;
    void row;
  }

  function closeDetail() {
    const id = lastFocus.current;
    orders.select(null);
    if (id !== null) {
      requestAnimationFrame(() =>
        boardRef.current
          ?.querySelector<HTMLButtonElement>(`[data-order-id="${id}"] .order-card__open`)
          ?.focus(),
      );
    }
  }

  return (
    <section
      className="board-page"
      aria-labelledby="board-title"
      data-alarm={alarming > 0 ? 'ringing' : 'quiet'}
    >
      <PageTitle
        title={newCount > 0 ? `(${newCount}) Bestellungen` : 'Bestellungen'}
        shopName={root.ui.shopName}
      />
      <TabIcon count={newCount} />
      {alarm.needsSoundClick && <SoundGate onEnable={enableSound} onSilent={alarm.disableSound} />}
      <div className="board-toolbar">
        <h1 id="board-title">Bestellungen</h1>
        {orders.branches.length > 1 && (
          <label className="board-toolbar__filter">
            <span>Filiale</span>
            <select
              value={orders.branchFilter ?? ''}
              onChange={(e) => orders.setBranchFilter(e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">Alle Filialen</option>
              {orders.branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset className="board-toolbar__cards">
          <legend className="visually-hidden">Karten zeigen</legend>
          <label>
            <input
              type="checkbox"
              checked={cards.showProductData}
              onChange={(e) => cards.set('showProductData', e.target.checked)}
            />{' '}
            Produkte zeigen
          </label>
          <label>
            <input
              type="checkbox"
              checked={cards.showCustomerData}
              onChange={(e) => cards.set('showCustomerData', e.target.checked)}
            />{' '}
            Kundendaten zeigen
          </label>
        </fieldset>
        <Link className="button button--ghost" to="/backend/orders/history">
          Bestellhistorie
        </Link>
        <Link className="button button--ghost" to="/backend/orders/reviews">
          Bewertungen
        </Link>
        <Link className="button button--ghost" to="/backend/orders/sold-out">
          Ausverkauft
        </Link>
        <div className="board-toolbar__alarm">
          {!alarm.soundPossible ? (
            <span className="muted" role="status">
              {alarm.deviceSound === false ? 'Ton aus (Einstellung dieser Theke)' : ''}
            </span>
          ) : alarm.soundEnabled ? (
            <button type="button" className="button button--ghost" onClick={alarm.disableSound}>
              Ton an – ausschalten
            </button>
          ) : (
            <button type="button" className="button button--primary" onClick={enableSound}>
              Ton aktivieren
            </button>
          )}
        </div>
      </div>
      <PauseBar pauses={pauses} now={now} />
      {pauses.selected && (
        <SoldOutPanel
          store={soldOut}
          branchId={pauses.selected.id}
          now={now}
          timeZone={pauses.selected.timeZone}
          collapsible
        />
      )}
      <p className="muted board-hint">
        Pfeiltasten wechseln die Karte, Eingabe öffnet sie, A nimmt eine neue Bestellung an (zum gewünschten
        Termin, frühestens nach der Standard-Zubereitungszeit der Filiale).
      </p>
      {orders.disconnected && (
        <div className="alert alert--error board-banner" role="alert">
          Verbindung unterbrochen. Neue Bestellungen erscheinen, sobald die Verbindung wieder steht – die
          Tafel wird dann automatisch aktualisiert.
        </div>
      )}
      {printers.troubled.length > 0 && (
        <div className="alert alert--error board-banner board-printers" role="status">
          {printers.troubled.map((d) => (
            <div key={d.id}>{printerLine(d)}</div>
          ))}
        </div>
      )}
      {alarming > 0 && (
        <div className="board-alarm" role="alert">
          <strong>
            {alarming === 1 ? '1 neue Bestellung' : `${alarming} neue Bestellungen`}
            {alarm.soundEnabled || !alarm.soundPossible
              ? ''
              : ' – Ton ist aus, bitte „Ton aktivieren“ klicken'}
          </strong>
          <button type="button" className="button button--primary" onClick={() => alarm.acknowledgeAll()}>
            Alarm quittieren
          </button>
        </div>
      )}
      {!orders.loaded && orders.loading && <p className="muted">Bestellungen werden geladen …</p>}
      <div className={`board${focusNew ? ' board--focus-new' : ''}`} ref={boardRef} onKeyDown={onKeyDown}>
        {BOARD_COLUMNS.map((column) => (
          <section
            className={`board__column board__column--${column.id}`}
            key={column.id}
            aria-labelledby={`col-${column.id}`}
          >
            <h2 id={`col-${column.id}`} className="board__heading">
              {column.label} <span className="board__count">{columns[column.id].length}</span>
            </h2>
            {columns[column.id].length === 0 ? (
              <p className="board__empty">Keine Bestellungen</p>
            ) : (
              <ol className="board__cards">
                {columns[column.id].map((order, row) => (
                  <OrderCard
                    key={order.id}
                    order={order}
                    column={column.id}
                    row={row}
                    now={now}
                    alarming={alarm.isAlarming(order.id)}
                    missed={orders.isMissed(order.id)}
                    onOpen={() => open(order.id, column.id, row)}
                    onAcknowledge={() => alarm.acknowledge(order.id)}
                    onAccept={
                      column.id === 'new' &&
                      !order.counterAppointment &&
                      order.allowedActions.includes('confirm')
                        ? () => accept(order.id)
                        : undefined
                    }
                    onDelivered={
                      order.allowedActions.includes('delivered')
                        ? () => void orders.act(order.id, { action: 'delivered' })
                        : undefined
                    }
                    busy={orders.busyAction !== null}
                    settings={cards}
                  />
                ))}
              </ol>
            )}
          </section>
        ))}
      </div>
      {orders.selected && (
        <OrderDetail
          key={orders.selected.id}
          orders={orders}
          printers={printers}
          order={orders.selected}
          now={now}
          rejectionReasons={rejectionReasons}
          onClose={closeDetail}
        />
      )}
    </section>
  );
});

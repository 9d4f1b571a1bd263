import { kitchenAgeLevel, kitchenAgeText, type KitchenTicket } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { ApiClient } from '../api/ApiClient';
import { browserEventSource } from '../api/liveEvents';
import { deviceKeyFromFragment, sendDeviceHeartbeat } from '../api/deviceKey';
import { useParams } from '../router/router';
import { createAlarmBeeper } from '../audio/tones';
import { KITCHEN_TEXTS as T, KitchenDisplayStore, ORDER_TYPE_TEXTS } from './KitchenDisplayStore';
import './kitchen.css';

const STORAGE_KEY = 'kitchen-display-device-key';
/** The device heartbeat, as the counter board sends it. */
const HEARTBEAT_MS = 60_000;

const time = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('de-AT', {
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Europe/Vienna',
      }).format(new Date(iso))
    : '';

const Ticket = observer(function Ticket({
  ticket,
  store,
  now,
}: {
  ticket: KitchenTicket;
  store: KitchenDisplayStore;
  now: number;
}) {
  const settings = store.board!.settings;
  const age = now - Date.parse(ticket.startsAt);
  const level = kitchenAgeLevel(age, settings.warnMinutes, settings.lateMinutes);
  const number = ticket.ticketNumber ? `#${ticket.ticketNumber}` : `Bestellung ${ticket.orderId}`;
  const next = settings.stages[ticket.stage + 1];
  return (
    <li className={`kd-ticket kd-ticket--${level}`} data-order-id={ticket.orderId}>
      <button type="button" className="kd-ticket__head" onClick={() => store.bump(ticket)}>
        <span className="kd-ticket__number">{number}</span>
        <span className="kd-ticket__timer">
          {kitchenAgeText(age)}
          <span className="visually-hidden"> Minuten</span>
        </span>
        <span className="kd-ticket__meta">
          {ORDER_TYPE_TEXTS[ticket.orderType]}
          {ticket.tableIdentifier ? ` · Tisch ${ticket.tableIdentifier}` : ''}
          {ticket.appointment ? ` · ${time(ticket.appointment)} Uhr` : ''}
        </span>
        <span className="kd-ticket__stage">{ticket.stageName}</span>
        {/* The action in the name after the visible text (axe: label-content-name-mismatch). */}
        {next && <span className="visually-hidden">: weiter zu {next}</span>}
      </button>
      <ul className="kd-ticket__items">
        {ticket.items.map((item) => (
          <li key={item.index}>
            <button
              type="button"
              className={`kd-item${item.done ? ' kd-item--done' : ''}`}
              aria-pressed={item.done}
              onClick={() => store.toggleItem(ticket, item)}
            >
              <span className="kd-item__amount">{item.amount}×</span>
              <span className="kd-item__name">
                {item.name}
                {item.parts.length > 0 && (
                  <span className="kd-item__parts">
                    {item.parts.map((part, i) => (
                      <span key={i}>{part}</span>
                    ))}
                  </span>
                )}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {ticket.comment && (
        <p className="kd-ticket__comment">
          <strong>{T.comment}:</strong> {ticket.comment}
        </p>
      )}
    </li>
  );
});

/**
 * "Ausverkauft" on the display (docs/decisions/kitchen.md): the products of the open tickets, one tap marks
 * one sold out until the branch's next opening, another makes it available again.
 */
const SoldOut = observer(function SoldOut({ store, now }: { store: KitchenDisplayStore; now: number }) {
  const rows = store.soldOutRows(now);
  if (rows.length === 0) return null;
  return (
    <section className="kd-soldout" aria-labelledby="kd-soldout-title">
      <h2 id="kd-soldout-title">{T.soldOutTitle}</h2>
      <p className="kd-soldout__hint">{T.soldOutHint}</p>
      {store.soldOutError && (
        <p className="kd-soldout__error" role="alert">
          {store.soldOutError}
        </p>
      )}
      <ul>
        {rows.map((row) => (
          <li key={row.productId}>
            <button
              type="button"
              className={`kd-soldout__toggle${row.entry ? ' kd-soldout__toggle--on' : ''}`}
              aria-pressed={!!row.entry}
              disabled={store.soldOutBusy}
              onClick={() => void store.toggleSoldOut(row)}
            >
              <span>{row.name}</span>
              <span className="kd-soldout__state">{row.entry ? T.soldOutState : T.availableState}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
});

/**
 * A station's kitchen display, `/kitchen/{branchId}/{stationId}` (docs/decisions/kitchen.md): with a staff
 * session, or a kitchen-display device's key in the fragment (`#geraet={key}`), as the counter board.
 */
export const KitchenDisplayPage = observer(function KitchenDisplayPage() {
  const { branchId = '', stationId = '' } = useParams();
  const [beeper] = useState(() => createAlarmBeeper());
  const [store] = useState(
    () =>
      new KitchenDisplayStore({
        branchId,
        stationId,
        apiKey: deviceKeyFromFragment(window, STORAGE_KEY),
        api: new ApiClient(),
        openEventStream: browserEventSource,
        storage: typeof localStorage === 'undefined' ? null : localStorage,
        onNewTicket: () => beeper?.ring(),
      }),
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    void store.start();
    const key = store.apiKey;
    const beat = () => key && void sendDeviceHeartbeat(key).catch(() => undefined);
    beat();
    const heartbeat = window.setInterval(beat, HEARTBEAT_MS);
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => {
      window.clearInterval(tick);
      window.clearInterval(heartbeat);
      store.dispose();
    };
  }, [store]);
  const title = store.board ? `${T.title}: ${store.board.station.name}` : T.title;
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (store.unauthorized || store.forbidden)
    return (
      <main className="kd-screen kd-screen--message">
        <h1>{store.unauthorized ? T.unauthorized : T.title}</h1>
        <p>{store.unauthorized ? T.unauthorizedHint : T.forbidden}</p>
        {store.unauthorized && (
          <a className="kd-button" href={`/backend/login?redirect=${encodeURIComponent(location.pathname)}`}>
            {T.signIn}
          </a>
        )}
      </main>
    );
  const serverNow = now + store.clockOffset;
  return (
    <main className="kd-screen">
      <header className="kd-header">
        <h1 className="kd-title">{title}</h1>
        <p className="kd-status" role="status">
          {store.offline && <span className="kd-offline">{T.offline}</span>}
          {store.queue.length > 0 && <span className="kd-pending">{T.pending(store.queue.length)}</span>}
        </p>
        <button
          type="button"
          className="kd-button kd-button--ghost"
          aria-pressed={store.soundOn}
          onClick={() => {
            // Browsers play sound only after a touch: this one unlocks it.
            void beeper?.unlock();
            store.setSoundOn(!store.soundOn);
          }}
        >
          {T.sound}: {store.soundOn ? 'an' : 'aus'}
        </button>
        <button type="button" className="kd-button" onClick={() => store.setShowRecall(!store.showRecall)}>
          {T.recall}
        </button>
      </header>
      <div className="kd-body">
        {!store.loaded ? (
          <p className="kd-empty">{T.loading}</p>
        ) : store.tickets.length === 0 ? (
          <p className="kd-empty">{T.empty}</p>
        ) : (
          <ul className="kd-tickets" aria-label="Bons">
            {store.tickets.map((ticket) => (
              <Ticket key={ticket.orderId} ticket={ticket} store={store} now={serverNow} />
            ))}
          </ul>
        )}
        <aside className="kd-allday" aria-labelledby="kd-allday-title">
          <h2 id="kd-allday-title">{T.allDay}</h2>
          <ul>
            {store.allDay.map((row) => (
              <li key={row.name}>
                <span className="kd-allday__count">{row.count}</span> {row.name}
              </li>
            ))}
          </ul>
          <SoldOut store={store} now={serverNow} />
        </aside>
      </div>
      {store.showRecall && (
        <div className="kd-dialog" role="dialog" aria-modal="true" aria-labelledby="kd-recall-title">
          <h2 id="kd-recall-title">{T.recallTitle}</h2>
          {store.recent.length === 0 ? (
            <p>{T.recallEmpty}</p>
          ) : (
            <ul className="kd-recall">
              {store.recent.map((ticket) => (
                <li key={ticket.orderId}>
                  <button type="button" className="kd-button" onClick={() => store.recall(ticket)}>
                    {ticket.ticketNumber ? `#${ticket.ticketNumber}` : `Bestellung ${ticket.orderId}`} –{' '}
                    {time(ticket.bumpedAt)} Uhr
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className="kd-button kd-button--ghost"
            onClick={() => store.setShowRecall(false)}
          >
            {T.close}
          </button>
        </div>
      )}
    </main>
  );
});

import type { ClockStaffMember } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiClient } from '../../api/ApiClient';
import { browserEventSource } from '../../api/liveEvents';
import { deviceKeyFromFragment, sendDeviceHeartbeat } from '../../api/deviceKey';
import { COUNTER_HEARTBEAT_MS } from '../orders/counterDevice';
import { useParams } from '../../router/router';
import {
  BOARD_COLUMNS,
  customerName,
  itemAmount,
  orderTotal,
  orderTypeLabel,
  wantedTime,
} from '../orders/board';
import { createAlarmBeeper } from '../../audio/tones';
import { PauseBar } from '../orders/PauseBar';
import { SoldOutPanel } from '../orders/SoldOutPanel';
import type { StaffOrder } from '@ordering/common';
import {
  COUNTER_ACTIONS,
  COUNTER_TEXTS as T,
  CounterBoardStore,
  counterActionLabel,
} from './CounterBoardStore';
import './counter.css';

const STORAGE_KEY = 'counter-board-device-key';
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
/**
 * The columns a counter works with (completed orders are the back office's); "In Zubereitung" short, so four
 * headings stay on one line on a 10" tablet and the cards start level.
 */
const COLUMNS = BOARD_COLUMNS.filter((c) => c.id !== 'completed').map((c) =>
  c.id === 'confirmed' ? { ...c, label: 'In Zubereitung' } : c,
);

const Card = observer(function Card({
  order,
  store,
  now,
}: {
  order: StaffOrder;
  store: CounterBoardStore;
  now: Date;
}) {
  const ticket = order.ticketNumber ? `#${order.ticketNumber}` : `Bestellung ${order.id}`;
  const actions = COUNTER_ACTIONS.filter((a) => order.allowedActions?.includes(a));
  return (
    <li className="cb-card" data-order-id={order.id}>
      <div className="cb-card__head">
        <span className="cb-card__ticket">{ticket}</span>
        <span className="cb-card__type">{orderTypeLabel(order)}</span>
      </div>
      <p className="cb-card__when">{wantedTime(order, now)}</p>
      <p className="cb-card__customer">{customerName(order)}</p>
      <ul className="cb-card__items">
        {order.items.map((item, index) => (
          <li key={index}>
            {itemAmount(item)} {item.name}
          </li>
        ))}
      </ul>
      <p className="cb-card__total">{orderTotal(order)}</p>
      {actions.length > 0 && (
        <div className="cb-card__actions">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={`cb-button ${action === 'reject' ? 'cb-button--ghost' : 'cb-button--primary'}`}
              disabled={store.busy}
              aria-label={`${ticket}: ${counterActionLabel(action, order)}`}
              onClick={() => store.request(order.id, action)}
            >
              {counterActionLabel(action, order)}
            </button>
          ))}
        </div>
      )}
    </li>
  );
});

const Tile = ({ member, onPick }: { member: ClockStaffMember; onPick: () => void }) => (
  <button type="button" className="cb-tile" onClick={onPick}>
    <span className="cb-tile__initials" aria-hidden="true">
      {member.initials}
    </span>
    <span className="cb-tile__name">{member.name}</span>
  </button>
);

/** Who acts: the time clock's name tiles, then a large keypad for the PIN. */
const PinDialog = observer(function PinDialog({ store }: { store: CounterBoardStore }) {
  const what = store.pendingLabel;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.submitPin();
  };
  return (
    <div className="cb-backdrop">
      <div className="cb-dialog" role="dialog" aria-modal="true" aria-labelledby="cb-dialog-title">
        <h2 id="cb-dialog-title" className="cb-dialog__title">
          {store.picked ? `${T.pinTitle} – ${store.picked.name}` : T.whoTitle}
        </h2>
        <p className="cb-dialog__what">{what}</p>
        {!store.picked ? (
          store.staff.length === 0 ? (
            <p className="cb-error">{T.noStaff}</p>
          ) : (
            <div className="cb-tiles">
              {store.staff.map((member) => (
                <Tile key={member.id} member={member} onPick={() => store.pick(member)} />
              ))}
            </div>
          )
        ) : (
          <form onSubmit={submit}>
            <div className="cb-pin" role="img" aria-label={`PIN: ${store.pin.length} Ziffern eingegeben`}>
              {Array.from({ length: Math.max(4, store.pin.length) }, (_, i) => (
                <span key={i} className={`cb-pin__dot${i < store.pin.length ? ' cb-pin__dot--set' : ''}`} />
              ))}
            </div>
            {store.error && (
              <p className="cb-error" role="alert">
                {store.error}
              </p>
            )}
            <div className="cb-keypad" role="group" aria-label="Ziffernblock">
              {KEYS.map((k) => (
                <button key={k} type="button" className="cb-key" onClick={() => store.pressDigit(k)}>
                  {k}
                </button>
              ))}
              <button
                type="button"
                className="cb-key cb-key--muted"
                onClick={() => store.deleteDigit()}
                aria-label="Ziffer löschen"
              >
                ⌫
              </button>
              <button type="button" className="cb-key" onClick={() => store.pressDigit('0')}>
                0
              </button>
              <button type="submit" className="cb-key cb-key--ok" disabled={store.busy}>
                OK
              </button>
            </div>
          </form>
        )}
        <div className="cb-dialog__foot">
          {store.picked && store.staff.length > 1 && (
            <button type="button" className="cb-button cb-button--ghost" onClick={() => store.pick(null)}>
              {T.other}
            </button>
          )}
          <button type="button" className="cb-button cb-button--ghost" onClick={() => store.cancel()}>
            {T.cancel}
          </button>
        </div>
      </div>
    </div>
  );
});

/**
 * The front-desk board on a paired terminal, `/theke/{branchId}#geraet={key}` (docs/decisions/
 * frontdesk-board.md): no staff password on the shared counter screen; each action asks whose it is.
 */
export const CounterBoardPage = observer(function CounterBoardPage() {
  const { branchId = '' } = useParams();
  const [beeper] = useState(() => createAlarmBeeper());
  const [store] = useState(
    () =>
      new CounterBoardStore({
        branchId,
        apiKey: deviceKeyFromFragment(window, STORAGE_KEY) ?? '',
        api: new ApiClient(),
        openEventStream: browserEventSource,
        onNewOrder: () => beeper?.ring(),
      }),
  );
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    void store.start();
    // The heartbeat reports the terminal online and answers its settings: how long a PIN is remembered
    // (`pinMemorySeconds`) and whether new orders beep (`notificationSound`).
    const key = store.apiKey;
    const beat = () =>
      void sendDeviceHeartbeat(key)
        .then((res) => (res.ok ? res.json() : null))
        .then((body: { data?: { settings?: Record<string, unknown> } } | null) => {
          const settings = body?.data?.settings;
          if (settings)
            store.applyDeviceSettings({
              pinMemorySeconds: settings.pinMemorySeconds,
              notificationSound: settings.notificationSound,
            });
        })
        .catch(() => undefined);
    if (key) beat();
    const heartbeat = window.setInterval(() => key && beat(), COUNTER_HEARTBEAT_MS);
    // Browsers play sound only after a touch: the first one at the counter unlocks the alarm.
    const unlock = () => void beeper?.unlock();
    window.addEventListener('pointerdown', unlock, { once: true });
    const id = window.setInterval(() => setNow(new Date()), 15_000);
    return () => {
      window.clearInterval(id);
      window.clearInterval(heartbeat);
      window.removeEventListener('pointerdown', unlock);
      store.dispose();
    };
  }, [store, beeper]);
  useEffect(() => {
    document.title = T.title;
  }, []);
  const current = store.current;
  if (store.unauthorized || store.switchedOff)
    return (
      <main className="cb-screen cb-screen--message">
        <h1>{store.unauthorized ? T.unauthorized : T.title}</h1>
        <p>{store.unauthorized ? T.unauthorizedHint : T.switchedOff}</p>
      </main>
    );
  return (
    <main className="cb-screen">
      <header className="cb-header">
        <h1 className="cb-title">{T.title}</h1>
        <p className="cb-notice" role="status">
          {store.disconnected ? T.disconnected : store.notice}
        </p>
        {/* Printing and corrections stay on the staff board; the terminal's key goes along in the
            fragment so the board there still follows this terminal's sound. */}
        <a
          className="cb-button cb-button--ghost"
          href={`/backend/orders#geraet=${encodeURIComponent(store.apiKey)}`}
        >
          {T.fullBoard}
        </a>
        {current && (
          <div className="cb-person">
            <span>
              {T.signedInAs} <strong>{current.name}</strong>
            </span>
            <button type="button" className="cb-button cb-button--ghost" onClick={() => store.signOut()}>
              {T.signOut}
            </button>
          </div>
        )}
      </header>
      {/* The staff board's pause row; each change asks the PIN like a card's button. */}
      <PauseBar pauses={store.pauses} now={now} />
      {/* The staff board's sold-out panel; marks and "Wieder verfügbar" ask the PIN as well. */}
      {/^\d+$/.test(branchId) && (
        <div className="cb-sold-out">
          <SoldOutPanel store={store.soldOut} branchId={Number(branchId)} now={now} collapsible />
        </div>
      )}
      {!store.loaded ? (
        <p className="cb-loading">{T.loading}</p>
      ) : (
        <div className="cb-columns">
          {COLUMNS.map((column) => {
            const orders = store.column(column.id);
            return (
              <section key={column.id} className="cb-column" aria-labelledby={`cb-col-${column.id}`}>
                <h2 id={`cb-col-${column.id}`} className="cb-column__title">
                  {column.label} <span className="cb-column__count">{orders.length}</span>
                </h2>
                {orders.length === 0 ? (
                  <p className="cb-empty">{T.empty}</p>
                ) : (
                  <ul className="cb-list">
                    {orders.map((order) => (
                      <Card key={order.id} order={order} store={store} now={now} />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
      {store.pending && <PinDialog store={store} />}
    </main>
  );
});

import type { Ticket } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useParams } from '../../router/router';
import { ApiClient } from '../../api/ApiClient';
import { browserEventSource } from '../../api/liveEvents';
import { createChime } from '../../audio/tones';
import { fitColumn, TICKET_SCREEN_TEXTS as T, TicketScreenStore } from './TicketScreenStore';
import './frontdesk.css';

/** Tile height and gap in viewport-height units, as in frontdesk.css (`.fd-grid`). */
const TILE_HEIGHT_VH = 15;
const GAP_VH = 2;

/** How many tiles fit into the grid element of `columns` columns (rows of the CSS grid's height). */
function useCapacity(ref: RefObject<HTMLElement | null>, columns: number): number {
  const [capacity, setCapacity] = useState(12);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const measure = () => {
      const vh = window.innerHeight / 100;
      const gap = GAP_VH * vh;
      const cols = Math.max(1, columns);
      const rows = Math.max(1, Math.floor((element.clientHeight + gap) / (TILE_HEIGHT_VH * vh + gap)));
      setCapacity(cols * rows);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, [ref, columns]);
  return capacity;
}

const Column = observer(function Column(props: {
  id: 'preparing' | 'ready';
  title: string;
  tickets: Ticket[];
  columns: number;
}) {
  const gridRef = useRef<HTMLOListElement>(null);
  const capacity = useCapacity(gridRef, props.columns);
  const { shown, more } = fitColumn(props.tickets, capacity);
  return (
    <section className={`fd-column fd-column--${props.id}`} aria-labelledby={`fd-${props.id}`}>
      <h2 id={`fd-${props.id}`} className="fd-column__title">
        {props.title}
      </h2>
      <ol
        className="fd-grid"
        ref={gridRef}
        style={{ ['--fd-columns' as string]: props.columns }}
        data-columns={props.columns}
        aria-live={props.id === 'ready' ? 'polite' : 'off'}
      >
        {shown.map((ticket) => (
          <li key={ticket.id} className="fd-ticket" data-ticket={ticket.ticketNumber}>
            {ticket.ticketNumber}
          </li>
        ))}
        {more > 0 && (
          <li className="fd-ticket fd-ticket--more" data-more={more}>
            +{more} weitere
          </li>
        )}
      </ol>
    </section>
  );
});

/**
 * The front-desk ticket screen `/frontdesk/{branchId}/{apiKey}`: a TV at the counter, no sign-in, the key in
 * the path. Two columns of large numbers, live; a chime when a number becomes ready; never a scrollbar.
 */
export const TicketScreenPage = observer(function TicketScreenPage() {
  const { branchId = '', apiKey = '' } = useParams();
  const [chime] = useState(createChime);
  const [soundOn, setSoundOn] = useState(false);
  const [store] = useState(
    () =>
      new TicketScreenStore({
        branchId,
        apiKey,
        api: new ApiClient(),
        openEventStream: browserEventSource,
        chime: () => chime?.play(),
      }),
  );

  useEffect(() => {
    document.title = 'Abholbildschirm';
    store.start();
    // Where the TV's browser allows sound without a click (kiosk mode), it is on from the start.
    void chime?.unlock().then(setSoundOn);
    return () => store.dispose();
  }, [store, chime]);

  const now = new Date(store.nowMs);
  const clock = now.toLocaleTimeString('de-AT', { hour: '2-digit', minute: '2-digit' });
  // A refused key or a switched-off screen: no connection hint and no sound button, only the message.
  const blocked = store.unauthorized || store.switchedOff;

  return (
    <main className="fd-screen" data-connected={store.connected ? 'yes' : 'no'}>
      <h1 className="fd-visually-hidden">Abholbildschirm</h1>
      {blocked ? (
        <div className="fd-message" role="alert">
          <h2 className="fd-message__title">{store.switchedOff ? T.switchedOff : T.unauthorized}</h2>
          <p>{store.switchedOff ? T.switchedOffHint : T.unauthorizedHint}</p>
        </div>
      ) : (
        <div className="fd-columns">
          <Column id="preparing" title={T.preparing} tickets={store.preparing} columns={store.columns} />
          <Column id="ready" title={T.ready} tickets={store.ready} columns={store.columns} />
        </div>
      )}
      <footer className="fd-footer">
        <span className="fd-footer__clock">{clock} Uhr</span>
        {!store.loaded && !blocked && <span>{T.loading} …</span>}
        {store.disconnected && !blocked && (
          <span className="fd-footer__offline" role="status">
            {T.disconnected}
          </span>
        )}
        {chime && !soundOn && !blocked && (
          <button type="button" className="fd-sound" onClick={() => void chime.unlock().then(setSoundOn)}>
            {T.soundOn}
          </button>
        )}
      </footer>
    </main>
  );
});

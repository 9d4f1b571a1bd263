import type { Ticket } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useParams } from '../../router/router';
import { ApiClient } from '../../api/ApiClient';
import { createChime } from './chime';
import { fitColumn, TICKET_SCREEN_TEXTS as T, TicketScreenStore } from './TicketScreenStore';
import './frontdesk.css';

/** Tile size and gap in viewport-height units, as in frontdesk.css (`.fd-grid`). */
const TILE_MIN_WIDTH_VH = 26;
const TILE_HEIGHT_VH = 15;
const GAP_VH = 2;

/** How many tiles fit into the grid element, computed as CSS grid's auto-fill places them. */
function useCapacity(ref: RefObject<HTMLElement | null>): number {
  const [capacity, setCapacity] = useState(12);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const measure = () => {
      const vh = window.innerHeight / 100;
      const gap = GAP_VH * vh;
      const cols = Math.max(1, Math.floor((element.clientWidth + gap) / (TILE_MIN_WIDTH_VH * vh + gap)));
      const rows = Math.max(1, Math.floor((element.clientHeight + gap) / (TILE_HEIGHT_VH * vh + gap)));
      setCapacity(cols * rows);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return capacity;
}

const Column = observer(function Column(props: {
  id: 'preparing' | 'ready';
  title: string;
  tickets: Ticket[];
}) {
  const gridRef = useRef<HTMLOListElement>(null);
  const capacity = useCapacity(gridRef);
  const { shown, more } = fitColumn(props.tickets, capacity);
  return (
    <section className={`fd-column fd-column--${props.id}`} aria-labelledby={`fd-${props.id}`}>
      <h2 id={`fd-${props.id}`} className="fd-column__title">
        {props.title}
      </h2>
      <ol className="fd-grid" ref={gridRef} aria-live={props.id === 'ready' ? 'polite' : 'off'}>
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
        openEventStream: (url) => (typeof EventSource === 'function' ? new EventSource(url) : null),
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

  return (
    <main className="fd-screen" data-connected={store.connected ? 'yes' : 'no'}>
      <h1 className="fd-visually-hidden">Abholbildschirm</h1>
      {store.unauthorized ? (
        <p className="fd-message" role="alert">
          {T.unauthorized}
        </p>
      ) : (
        <div className="fd-columns">
          <Column id="preparing" title={T.preparing} tickets={store.preparing} />
          <Column id="ready" title={T.ready} tickets={store.ready} />
        </div>
      )}
      <footer className="fd-footer">
        <span className="fd-footer__clock">{clock} Uhr</span>
        {!store.loaded && !store.unauthorized && <span>{T.loading} …</span>}
        {store.disconnected && (
          <span className="fd-footer__offline" role="status">
            {T.disconnected}
          </span>
        )}
        {chime && !soundOn && (
          <button type="button" className="fd-sound" onClick={() => void chime.unlock().then(setSoundOn)}>
            {T.soundOn}
          </button>
        )}
      </footer>
    </main>
  );
});

import { formatTime, formatWorkedMinutes, TIME_CLOCK_ACTIONS, type TimeClockAction } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from '../router/router';
import { ApiClient } from '../api/ApiClient';
import { DONE_SECONDS, TIME_CLOCK_TEXTS as T, TimeClockStore } from './TimeClockStore';
import './timeclock.css';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

const Keypad = observer(function Keypad({ store }: { store: TimeClockStore }) {
  return (
    <div className="tc-keypad" role="group" aria-label="Ziffernblock">
      {KEYS.map((k) => (
        <button key={k} type="button" className="tc-key" onClick={() => store.pressDigit(k)}>
          {k}
        </button>
      ))}
      <button
        type="button"
        className="tc-key tc-key--muted"
        onClick={() => store.deleteDigit()}
        aria-label={T.delete}
      >
        ⌫
      </button>
      <button type="button" className="tc-key" onClick={() => store.pressDigit('0')}>
        0
      </button>
      <button type="submit" className="tc-key tc-key--ok" disabled={store.busy}>
        OK
      </button>
    </div>
  );
});

const SignIn = observer(function SignIn({ store }: { store: TimeClockStore }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.signIn();
  };
  return (
    <form className="tc-signin" onSubmit={submit} aria-describedby={store.error ? 'tc-error' : undefined}>
      <div className="tc-signin__fields">
        <label className="tc-label" htmlFor="tc-username">
          {T.username}
        </label>
        <input
          id="tc-username"
          className="tc-input"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={store.username}
          onChange={(e) => store.setUsername(e.target.value)}
        />
        <span className="tc-label" id="tc-pin-label">
          {T.pin}
        </span>
        <div
          className="tc-pin"
          role="img"
          aria-labelledby="tc-pin-label"
          aria-label={`${T.pin}: ${store.pin.length} Ziffern eingegeben`}
        >
          {Array.from({ length: Math.max(4, store.pin.length) }, (_, i) => (
            <span key={i} className={i < store.pin.length ? 'tc-dot tc-dot--on' : 'tc-dot'} />
          ))}
        </div>
        {store.error && (
          <p id="tc-error" className="tc-error" role="alert">
            {store.error}
          </p>
        )}
        <button type="submit" className="tc-button tc-button--primary" disabled={store.busy}>
          {T.signIn}
        </button>
      </div>
      <Keypad store={store} />
    </form>
  );
});

const ACTION_CLASS: Record<TimeClockAction, string> = {
  start: 'tc-action--start',
  pause: 'tc-action--pause',
  resume: 'tc-action--start',
  end: 'tc-action--end',
};

const Employee = observer(function Employee({ store }: { store: TimeClockStore }) {
  const me = store.me!;
  const tz = me.branch.timeZone;
  const time = (iso: string) => formatTime(new Date(iso), tz);
  const current = store.workingActivity;
  const since =
    current && store.state === 'paused'
      ? `seit ${time(current.pauses.at(-1)!.start)}`
      : current
        ? `seit ${time(current.startedAt)}`
        : '';
  return (
    <div className="tc-employee" onPointerDown={() => store.touch()}>
      <div className="tc-employee__head">
        <h2 className="tc-hello">Hallo {me.user.firstName || me.user.username}</h2>
        <button type="button" className="tc-button" onClick={() => store.reset()}>
          {T.cancel}
        </button>
      </div>
      <div className="tc-status">
        <p className={`tc-state tc-state--${store.state}`}>
          <span className="tc-state__label">{T.states[store.state]}</span> {since}
        </p>
        <dl className="tc-figures">
          <div>
            <dt>Diese Schicht</dt>
            <dd data-testid="tc-current">{formatWorkedMinutes(store.currentMinutes)} h</dd>
          </div>
          <div>
            <dt>Heute gearbeitet</dt>
            <dd data-testid="tc-today">{formatWorkedMinutes(store.todayMinutes)} h</dd>
          </div>
          <div>
            <dt>Heute geplant</dt>
            <dd>
              {!store.listsLoaded
                ? '…'
                : store.todaysSchedules.length === 0
                  ? 'keine Schicht'
                  : store.todaysSchedules.map((s) => `${time(s.startsAt)}–${time(s.endsAt)}`).join(', ')}
            </dd>
          </div>
        </dl>
      </div>
      {store.done ? (
        <p className="tc-done" role="status">
          {T.actions[store.done.action]} um {time(store.done.at)} Uhr gebucht.
          <span className="tc-done__wish">{T.wishes[store.done.action]}</span>
          <span className="tc-done__hint">Zurück zur Anmeldung in {DONE_SECONDS} Sekunden.</span>
        </p>
      ) : (
        <>
          {store.error && (
            <p className="tc-error" role="alert">
              {store.error}
            </p>
          )}
          <div className="tc-actions">
            {TIME_CLOCK_ACTIONS.map((action) => (
              <button
                key={action}
                type="button"
                className={`tc-action ${ACTION_CLASS[action]}`}
                disabled={store.busy || !store.allowed.includes(action)}
                onClick={() => void store.act(action)}
              >
                {T.actions[action]}
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
});

/**
 * The time clock `/zeiterfassung/{branchId}/{apiKey}`: a tablet at the staff entrance, no back-office
 * sign-in; the key in the path opens it, each employee signs in with name and PIN for one booking.
 */
export const TimeClockPage = observer(function TimeClockPage() {
  const { branchId = '', apiKey = '' } = useParams();
  const [store] = useState(() => new TimeClockStore({ branchId, apiKey, api: new ApiClient() }));
  useEffect(() => {
    store.start();
    return () => store.dispose();
  }, [store]);
  useEffect(() => {
    document.title = `${T.title} – ${store.me?.branch.name ?? 'Personal'}`;
  }, [store.me]);
  const now = store.serverNow;
  return (
    <main className="tc-screen">
      <header className="tc-header">
        <h1 className="tc-title">{T.title}</h1>
        <p className="tc-clock" aria-label="Uhrzeit">
          {formatTime(now, store.me?.branch.timeZone)}
        </p>
      </header>
      {store.unauthorized ? (
        <p className="tc-error tc-error--screen" role="alert">
          {T.unauthorized}
        </p>
      ) : store.signedIn ? (
        <Employee store={store} />
      ) : (
        <SignIn store={store} />
      )}
    </main>
  );
});

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

/** The PIN's dots (how many digits were typed, never which). */
const PinDots = observer(function PinDots({ store }: { store: TimeClockStore }) {
  return (
    <div className="tc-pin" role="img" aria-label={`${T.pin}: ${store.pin.length} Ziffern eingegeben`}>
      {Array.from({ length: Math.max(4, store.pin.length) }, (_, i) => (
        <span key={i} className={i < store.pin.length ? 'tc-dot tc-dot--on' : 'tc-dot'} />
      ))}
    </div>
  );
});

const SignInError = observer(function SignInError({ store }: { store: TimeClockStore }) {
  return store.error ? (
    <p id="tc-error" className="tc-error" role="alert">
      {store.error}
    </p>
  ) : null;
});

/** Step 1: the branch's staff as large tiles (initials and name); tap your name. */
const NamePicker = observer(function NamePicker({ store }: { store: TimeClockStore }) {
  return (
    <section className="tc-names" aria-labelledby="tc-names-title">
      <div className="tc-names__head">
        <h2 id="tc-names-title" className="tc-step-title">
          {T.whoAreYou}
        </h2>
        <p className="tc-hint">{T.pickHint}</p>
      </div>
      {!store.staffLoaded ? (
        <p className="tc-hint" role="status">
          Namen werden geladen …
        </p>
      ) : (
        <ul className="tc-tiles" aria-labelledby="tc-names-title">
          {store.staff.map((member) => (
            <li key={member.id}>
              <button type="button" className="tc-tile" onClick={() => store.pick(member)}>
                <span className="tc-avatar" aria-hidden="true">
                  {member.initials}
                </span>
                <span className="tc-tile__name">{member.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="tc-button tc-link" onClick={() => store.typeUsername()}>
        {T.notListed}
      </button>
    </section>
  );
});

/** Step 2: the PIN of the person tapped, on the large keypad. */
const PinEntry = observer(function PinEntry({ store }: { store: TimeClockStore }) {
  const member = store.picked!;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.signIn();
  };
  return (
    <form
      className="tc-signin"
      onSubmit={submit}
      aria-labelledby="tc-pin-title"
      aria-describedby={store.error ? 'tc-error' : undefined}
    >
      <div className="tc-signin__fields">
        <div className="tc-person">
          <span className="tc-avatar tc-avatar--large" aria-hidden="true">
            {member.initials}
          </span>
          <h2 id="tc-pin-title" className="tc-step-title">
            {T.pinFor(member.name)}
          </h2>
        </div>
        <PinDots store={store} />
        <SignInError store={store} />
        <button type="submit" className="tc-button tc-button--primary" disabled={store.busy}>
          {T.signIn}
        </button>
        <button type="button" className="tc-button" onClick={() => store.backToNames()}>
          {T.back}
        </button>
      </div>
      <Keypad store={store} />
    </form>
  );
});

/** Someone not on the list (or no list): the user name, then the PIN. */
const UsernameForm = observer(function UsernameForm({ store }: { store: TimeClockStore }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void store.signIn();
  };
  const noList = store.staffFailed || store.staff.length === 0;
  return (
    <form className="tc-signin" onSubmit={submit} aria-describedby={store.error ? 'tc-error' : undefined}>
      <div className="tc-signin__fields">
        {store.staffFailed ? (
          <p className="tc-hint">{T.staffFailed}</p>
        ) : store.staff.length === 0 ? (
          <p className="tc-hint">{T.noStaff}</p>
        ) : null}
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
        <span className="tc-label" aria-hidden="true">
          {T.pin}
        </span>
        <PinDots store={store} />
        <SignInError store={store} />
        <button type="submit" className="tc-button tc-button--primary" disabled={store.busy}>
          {T.signIn}
        </button>
        {!noList && (
          <button type="button" className="tc-button" onClick={() => store.backToNames()}>
            {T.backToList}
          </button>
        )}
      </div>
      <Keypad store={store} />
    </form>
  );
});

const SignIn = observer(function SignIn({ store }: { store: TimeClockStore }) {
  switch (store.step) {
    case 'names':
      return <NamePicker store={store} />;
    case 'pin':
      return <PinEntry store={store} />;
    case 'username':
      return <UsernameForm store={store} />;
  }
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
 * sign-in; the key in the path opens it, each employee taps their name tile and types the PIN for one
 * booking (or types the user name when not on the list).
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

import { loadedRoot, MemoryStorage, schnitzelNachWahl, steerableClock } from '../storefront/testing/fixtures';
import { CHECKOUT_FORM_KEY } from '../storefront/stores/CheckoutStore';
import {
  DONE_SHOWN_MS,
  IDLE_COUNTDOWN_MS,
  IDLE_WARNING_AFTER_MS,
  KioskStore,
  SCREENSAVER_AFTER_MS,
  type KioskSession,
} from './KioskStore';
import { storefrontSession } from './session';
import type { TerminalPayment } from '@ordering/common';

/** A session whose progress the test sets; counts the wipes. */
function fakeSession() {
  const session = { progress: false, cleared: 0 };
  const api: KioskSession = {
    hasProgress: () => session.progress,
    clearAll: () => {
      session.cleared += 1;
      session.progress = false;
    },
  };
  return { session, api };
}

const payment = (state: TerminalPayment['state']): TerminalPayment => ({
  state,
  providerStatus: state === 'waiting' ? 'open' : state,
  amount: '18.90',
  currency: 'EUR',
  order: { uid: '6f1c2a8e-0000-4000-8000-000000000001', hash: 'h', ticketNumber: 17 },
});

describe(KioskStore.name, () => {
  describe('card payment at the kiosk terminal', () => {
    it('takes the terminal from the device settings', () => {
      const kiosk = new KioskStore(fakeSession().api, steerableClock('2026-03-02T11:00:00Z'));
      kiosk.applyDevice({ mollieTerminal: 'term_7MgL4wea46qkRcoTZjWEH' });
      expect(kiosk.terminal).toBe('term_7MgL4wea46qkRcoTZjWEH');
      kiosk.applyDevice({});
      expect(kiosk.terminal).toBeNull();
    });

    it('never resets while the terminal waits, and a paid order reaches the final screen', () => {
      const clock = steerableClock('2026-03-02T11:00:00Z');
      const kiosk = new KioskStore(fakeSession().api, clock);
      kiosk.tapToOrder();
      kiosk.startPayment(payment('waiting'), '4');
      expect(kiosk.screen).toBe('paying');
      clock.advance(IDLE_WARNING_AFTER_MS + IDLE_COUNTDOWN_MS + SCREENSAVER_AFTER_MS);
      kiosk.tick();
      expect(kiosk.screen).toBe('paying');
      expect(kiosk.isWarning).toBe(false);
      kiosk.updatePayment(payment('paid'));
      expect(kiosk.screen).toBe('done');
      expect(kiosk.placedOrder).toMatchObject({ number: '17', isTicket: true, paid: true, table: '4' });
    });

    it('after a failure the idle question and reset apply again; "An der Kasse" ends as a cash order', () => {
      const clock = steerableClock('2026-03-02T11:00:00Z');
      const kiosk = new KioskStore(fakeSession().api, clock);
      kiosk.tapToOrder();
      kiosk.startPayment(payment('waiting'), null);
      kiosk.updatePayment(payment('failed'));
      clock.advance(IDLE_WARNING_AFTER_MS);
      kiosk.tick();
      expect(kiosk.isWarning).toBe(true);
      kiosk.activity();
      kiosk.updatePayment(payment('counter'));
      expect(kiosk.placedOrder).toMatchObject({ paymentMethod: 'cash', paid: false });
    });
  });

  it('starts at the screensaver and wipes what an earlier customer left', () => {
    const { session, api } = fakeSession();
    session.progress = true;
    const kiosk = new KioskStore(api, steerableClock('2026-03-02T11:00:00Z'));
    kiosk.begin();
    expect(kiosk.screen).toBe('screensaver');
    expect(session.cleared).toBe(1);
  });

  it('returns to the screensaver after idle time when nothing was started', () => {
    const clock = steerableClock('2026-03-02T11:00:00Z');
    const { api } = fakeSession();
    const kiosk = new KioskStore(api, clock);
    kiosk.tapToOrder();
    expect(kiosk.screen).toBe('ordering');

    clock.advance(SCREENSAVER_AFTER_MS - 1);
    kiosk.tick();
    expect(kiosk.screen).toBe('ordering');
    clock.advance(1);
    kiosk.tick();
    expect(kiosk.screen).toBe('screensaver');
    expect(kiosk.resets).toBe(1);
  });

  it("takes the device's idleTimeoutSeconds for the screensaver and the question", () => {
    const clock = steerableClock('2026-03-02T11:00:00Z');
    const { session, api } = fakeSession();
    const kiosk = new KioskStore(api, clock);
    kiosk.applyDevice({ idleTimeoutSeconds: 15, orderModes: ['takeaway'] });
    expect(kiosk.orderModes).toEqual(['takeaway']);
    kiosk.tapToOrder();
    clock.advance(14_999);
    kiosk.tick();
    expect(kiosk.screen).toBe('ordering');
    clock.advance(1);
    kiosk.tick();
    expect(kiosk.screen).toBe('screensaver');

    kiosk.tapToOrder();
    session.progress = true;
    clock.advance(15_000);
    kiosk.tick();
    expect(kiosk.isWarning).toBe(true);
  });

  it('asks "Sind Sie noch da?" mid-order, counts down, then resets everything', () => {
    const clock = steerableClock('2026-03-02T11:00:00Z');
    const { session, api } = fakeSession();
    const kiosk = new KioskStore(api, clock);
    kiosk.tapToOrder();
    session.progress = true;

    clock.advance(IDLE_WARNING_AFTER_MS - 1000);
    kiosk.tick();
    expect(kiosk.isWarning).toBe(false);
    clock.advance(1000);
    kiosk.tick();
    expect(kiosk.isWarning).toBe(true);
    expect(kiosk.secondsLeft).toBe(IDLE_COUNTDOWN_MS / 1000);

    clock.advance(5500);
    kiosk.tick();
    expect(kiosk.secondsLeft).toBe(IDLE_COUNTDOWN_MS / 1000 - 5);

    clock.advance(IDLE_COUNTDOWN_MS);
    kiosk.tick();
    expect(kiosk.screen).toBe('screensaver');
    expect(kiosk.isWarning).toBe(false);
    expect(session.cleared).toBe(1);
  });

  it('keeps the order when the customer answers the question', () => {
    const clock = steerableClock('2026-03-02T11:00:00Z');
    const { session, api } = fakeSession();
    const kiosk = new KioskStore(api, clock);
    kiosk.tapToOrder();
    session.progress = true;
    clock.advance(IDLE_WARNING_AFTER_MS);
    kiosk.tick();
    expect(kiosk.isWarning).toBe(true);

    kiosk.activity();
    clock.advance(IDLE_COUNTDOWN_MS);
    kiosk.tick();
    expect(kiosk.screen).toBe('ordering');
    expect(kiosk.isWarning).toBe(false);
    expect(session.cleared).toBe(0);
  });

  it('shows the number of a placed order, then the screensaver', () => {
    const clock = steerableClock('2026-03-02T11:00:00Z');
    const { session, api } = fakeSession();
    const kiosk = new KioskStore(api, clock);
    kiosk.tapToOrder();
    session.progress = true;

    kiosk.orderPlaced({ number: '17', isTicket: true, paymentMethod: 'cash' });
    expect(kiosk.screen).toBe('done');
    expect(kiosk.placedOrder?.number).toBe('17');
    expect(session.cleared).toBe(1);

    clock.advance(DONE_SHOWN_MS - 1);
    kiosk.tick();
    expect(kiosk.screen).toBe('done');
    clock.advance(1);
    kiosk.tick();
    expect(kiosk.screen).toBe('screensaver');
    expect(kiosk.placedOrder).toBeNull();
  });

  it("keeps the guest's language through the final screen; the next guest starts in German", () => {
    const clock = steerableClock('2026-03-02T11:00:00Z');
    const { api } = fakeSession();
    const kiosk = new KioskStore(api, clock);
    kiosk.begin();
    expect(kiosk.language).toBe('de');
    kiosk.setLanguage('en');
    kiosk.tapToOrder();
    kiosk.orderPlaced({ number: '17', isTicket: true, paymentMethod: 'cash' });
    expect(kiosk.language).toBe('en');
    clock.advance(DONE_SHOWN_MS);
    kiosk.tick();
    expect(kiosk.screen).toBe('screensaver');
    expect(kiosk.language).toBe('de');
    kiosk.setLanguage('en');
    kiosk.reset();
    expect(kiosk.language).toBe('de');
  });
});

describe(storefrontSession.name, () => {
  it('sees a filled cart as progress and wipes the cart and the stored form', async () => {
    const storage = new MemoryStorage();
    const { root } = await loadedRoot({ storage });
    root.branches.select('wien');
    root.cart.open(root.branches.selected!);
    const session = storefrontSession(root);
    expect(session.hasProgress()).toBe(false);

    root.cart.startProduct(schnitzelNachWahl);
    root.cart.editor!.clickSelectOption(0, 1);
    root.cart.editor!.toggleMultiselectOption(1, 0);
    expect(root.cart.saveEditor()).toBe(true);
    root.checkout.setDetail('firstName', 'Anna');
    root.checkout.setLegalInstructions(true);
    root.checkout.saveForm();
    expect(session.hasProgress()).toBe(true);

    session.clearAll();

    expect(root.cart.items).toEqual([]);
    expect(JSON.parse(storage.getItem('asp.wien')!).items).toEqual([]);
    expect(root.checkout.details.firstName).toBe('');
    expect(root.checkout.legalInstructions).toBe(false);
    expect(JSON.parse(storage.getItem(CHECKOUT_FORM_KEY)!).firstName).toBe('');
    expect(session.hasProgress()).toBe(false);
  });
});

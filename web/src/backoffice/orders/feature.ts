import type { BackofficeRootStore } from '../BackofficeRootStore';
import { AlarmStore, type ChannelLike } from './AlarmStore';
import { createAlarmBeeper } from '../../audio/tones';
import { CardSettings } from './CardSettings';
import { connectCounterDevice, counterDeviceKey } from './counterDevice';
import { OrdersStore } from './OrdersStore';
import { PauseStore } from './PauseStore';
import { PRINTERS_REFRESH_MS, PrintersStore } from './PrintersStore';
import { SoldOutBoardStore } from './SoldOutBoardStore';

/** The stores of the order screens, created once per back-office root by the lazily loaded chunk. */
export interface OrderFeature {
  orders: OrdersStore;
  alarm: AlarmStore;
  pauses: PauseStore;
  printers: PrintersStore;
  soldOut: SoldOutBoardStore;
  cards: CardSettings;
  dispose(): void;
}

export function createOrderFeature(root: BackofficeRootStore): OrderFeature {
  const printers = new PrintersStore(root.api);
  const pauses = new PauseStore({
    api: root.api,
    errors: root.errors,
    // Employees pause their own branches; admins and managers every branch.
    branchIds: () => (root.auth.roles.some((role) => role !== 'ROLE_EMPLOYEE') ? [] : root.auth.branchIds),
  });
  const soldOut = new SoldOutBoardStore(root.api, root.errors);
  const orders = new OrdersStore({
    api: root.api,
    errors: root.errors,
    openEventStream: root.env.openEventStream,
    now: root.now,
    onDeviceStatus: printers.apply,
    onBranchPause: (data) => pauses.apply(data),
    onAvailability: (data) => soldOut.apply(data),
  });
  const refresh = setInterval(() => void printers.load(), PRINTERS_REFRESH_MS);
  const channel: ChannelLike | null =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel('backoffice-alarm') : null;
  // A front-desk terminal (desktop app or paired browser) follows its device's settings.
  const deviceKey = typeof window === 'undefined' ? null : counterDeviceKey(window);
  const alarm = new AlarmStore({
    newOrderIds: () => orders.unconfirmedIds,
    storage: root.env.storage,
    channel,
    events: typeof window === 'undefined' ? null : window,
    beeper: typeof window === 'undefined' ? null : createAlarmBeeper(),
    notify: notifyInBackground,
    awaitDeviceSound: deviceKey !== null,
  });
  const stopDevice = deviceKey ? connectCounterDevice(alarm, deviceKey, window) : () => undefined;
  return {
    orders,
    alarm,
    pauses,
    printers,
    soldOut,
    cards: new CardSettings(root.env.storage),
    dispose() {
      clearInterval(refresh);
      stopDevice();
      orders.dispose();
      alarm.dispose();
    },
  };
}

export const ORDER_FEATURE = 'orders';

/** The order feature of this root (created on first use). */
export function orderFeatureOf(root: BackofficeRootStore): OrderFeature {
  return root.feature(ORDER_FEATURE, createOrderFeature);
}

/** A browser notification for new orders while the board's tab is in the background (with permission). */
function notifyInBackground(ids: number[]): void {
  if (typeof document === 'undefined' || !document.hidden) return;
  if (typeof Notification !== 'function' || Notification.permission !== 'granted') return;
  const title = ids.length === 1 ? 'Neue Bestellung' : `${ids.length} neue Bestellungen`;
  new Notification(title, { body: 'Bitte am Bestell-Board annehmen.', tag: 'new-orders' });
}

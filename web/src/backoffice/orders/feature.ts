import type { BackofficeRootStore } from '../BackofficeRootStore';
import { AlarmStore, type ChannelLike } from './AlarmStore';
import { createWebAudioBeeper } from './beeper';
import { OrdersStore } from './OrdersStore';
import { PRINTERS_REFRESH_MS, PrintersStore } from './PrintersStore';

/** The stores of the order screens, created once per back-office root by the lazily loaded chunk. */
export interface OrderFeature {
  orders: OrdersStore;
  alarm: AlarmStore;
  printers: PrintersStore;
  dispose(): void;
}

export function createOrderFeature(root: BackofficeRootStore): OrderFeature {
  const printers = new PrintersStore(root.api);
  const orders = new OrdersStore({
    api: root.api,
    errors: root.errors,
    openEventStream: root.env.openEventStream,
    now: root.now,
    onDeviceStatus: printers.apply,
  });
  const refresh = setInterval(() => void printers.load(), PRINTERS_REFRESH_MS);
  const channel: ChannelLike | null =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel('backoffice-alarm') : null;
  const alarm = new AlarmStore({
    newOrderIds: () => orders.unconfirmedIds,
    storage: root.env.storage,
    channel,
    events: typeof window === 'undefined' ? null : window,
    beeper: typeof window === 'undefined' ? null : createWebAudioBeeper(),
  });
  return {
    orders,
    alarm,
    printers,
    dispose() {
      clearInterval(refresh);
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

import { jest } from '@jest/globals';
import { autorun } from 'mobx';
import { UiStore, type ConnectivitySource } from './UiStore';

class FakeWindow implements ConnectivitySource {
  navigator = { onLine: true };
  private listeners = new Map<string, Set<() => void>>();

  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }

  emit(type: 'online' | 'offline') {
    this.navigator.onLine = type === 'online';
    this.listeners.get(type)?.forEach((listener) => listener());
  }

  count() {
    return [...this.listeners.values()].reduce((n, set) => n + set.size, 0);
  }
}

describe(UiStore.name, () => {
  describe('shopName', () => {
    it('falls back to the default name when none or a blank one is given', () => {
      expect(new UiStore().shopName).toBe('Bestellplattform');
      expect(new UiStore({ shopName: '   ' }).shopName).toBe('Bestellplattform');
    });

    it('keeps the old name when set to a blank one', () => {
      const ui = new UiStore({ shopName: 'Estrich Huber' });
      ui.applyConfig({ shopName: '  ' });
      expect(ui.shopName).toBe('Estrich Huber');
      ui.applyConfig({ shopName: ' Pizzeria Roma ' });
      expect(ui.shopName).toBe('Pizzeria Roma');
    });
  });

  describe('applyConfig', () => {
    it('takes shop and business name from the shop configuration', () => {
      const ui = new UiStore();
      ui.applyConfig({ shopName: 'Estrich Huber', businessName: 'Huber Estrich GmbH' });
      expect(ui.shopName).toBe('Estrich Huber');
      expect(ui.businessName).toBe('Huber Estrich GmbH');
    });

    it('uses the shop name for the copyright when no business name is configured', () => {
      const ui = new UiStore({ shopName: 'Alt' });
      expect(ui.businessName).toBe('Alt');
      ui.applyConfig({ shopName: 'Pizzeria Roma', businessName: ' ' });
      expect(ui.businessName).toBe('Pizzeria Roma');
    });
  });

  describe('copyrightYear', () => {
    it('comes from the clock', () => {
      const ui = new UiStore({ now: () => new Date('2031-06-01T12:00:00Z') });
      expect(ui.copyrightYear).toBe(2031);
    });
  });

  describe('bindConnectivity', () => {
    it('takes the current state and follows online and offline events', () => {
      const win = new FakeWindow();
      win.navigator.onLine = false;
      const ui = new UiStore();
      const seen: boolean[] = [];
      const stopWatching = autorun(() => seen.push(ui.offline));

      const unbind = ui.bindConnectivity(win);
      expect(ui.online).toBe(false);
      win.emit('online');
      expect(ui.online).toBe(true);
      win.emit('offline');
      expect(ui.offline).toBe(true);

      expect(seen).toEqual([false, true, false, true]);
      stopWatching();
      unbind();
    });

    it('stops following after unbinding', () => {
      const win = new FakeWindow();
      const ui = new UiStore();
      const unbind = ui.bindConnectivity(win);
      expect(win.count()).toBe(2);

      unbind();
      win.emit('offline');

      expect(win.count()).toBe(0);
      expect(ui.online).toBe(true);
    });
  });

  describe('retryConnection', () => {
    it('clears the warning when the server answers', async () => {
      const ui = new UiStore({ probe: () => Promise.resolve(true) });
      ui.setOnline(false);

      const pending = ui.retryConnection();
      expect(ui.checkingConnection).toBe(true);
      await expect(pending).resolves.toBe(true);

      expect(ui.online).toBe(true);
      expect(ui.checkingConnection).toBe(false);
    });

    it('keeps the warning when the probe fails or throws', async () => {
      const failing = new UiStore({ probe: () => Promise.resolve(false) });
      failing.setOnline(false);
      await expect(failing.retryConnection()).resolves.toBe(false);
      expect(failing.offline).toBe(true);

      const throwing = new UiStore({ probe: () => Promise.reject(new Error('boom')) });
      throwing.setOnline(false);
      await expect(throwing.retryConnection()).resolves.toBe(false);
      expect(throwing.offline).toBe(true);
      expect(throwing.checkingConnection).toBe(false);
    });

    it('does not start a second probe while one is running', async () => {
      let release!: (value: boolean) => void;
      const probe = jest.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
      const ui = new UiStore({ probe });
      ui.setOnline(false);

      const first = ui.retryConnection();
      await expect(ui.retryConnection()).resolves.toBe(false);
      release(true);
      await expect(first).resolves.toBe(true);

      expect(probe).toHaveBeenCalledTimes(1);
    });
  });
});

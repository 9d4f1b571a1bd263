import { makeAutoObservable } from 'mobx';

/** The board's local switches (spec: stored as 1/0, default on), kept per browser. */
export const CARD_SETTING_KEYS = ['showProductData', 'showCustomerData'] as const;
export type CardSettingKey = (typeof CARD_SETTING_KEYS)[number];

const storageKey = (key: CardSettingKey) => `backoffice.${key}`;

/**
 * What the board's order cards show: the product lines (`showProductData`) and the customer's name and
 * company (`showCustomerData`). A counter screen that guests can see hides the names; a small tablet hides
 * the lines. Both stay on until switched off, and the choice stays on this browser.
 */
export class CardSettings {
  showProductData = true;
  showCustomerData = true;

  private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;

  constructor(storage?: Pick<Storage, 'getItem' | 'setItem'>) {
    this.storage = storage;
    for (const key of CARD_SETTING_KEYS) this[key] = this.read(key);
    makeAutoObservable<CardSettings, 'storage'>(this, { storage: false }, { autoBind: true });
  }

  set(key: CardSettingKey, on: boolean): void {
    this[key] = on;
    try {
      this.storage?.setItem(storageKey(key), on ? '1' : '0');
    } catch {
      // Private mode: the switch holds for this tab.
    }
  }

  private read(key: CardSettingKey): boolean {
    try {
      return this.storage?.getItem(storageKey(key)) !== '0';
    } catch {
      return true;
    }
  }
}

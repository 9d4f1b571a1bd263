import type { Donatee } from '@ordering/common';
import { makeAutoObservable } from 'mobx';
import type { InitDataStore } from '../InitDataStore';

/**
 * The checkout's donation (spec section 4, plugin "Spenden"): the chosen recipient and the overlay that
 * picks it (search, a pending choice saved or dropped).
 */
export class DonationChoice {
  donateeId: number | null = null;
  /** The overlay's pending choice; undefined while the overlay is closed. */
  donateeDraft: number | null | undefined = undefined;
  donateeSearch = '';

  constructor(private readonly data: InitDataStore) {
    makeAutoObservable<DonationChoice, 'data'>(this, { data: false }, { autoBind: true });
  }

  /** The recipient as the order form sends it (none while the plugin is off). */
  get formValue(): { id: number } | null {
    return this.isDonationEnabled && this.donateeId !== null ? { id: this.donateeId } : null;
  }

  get isDonationEnabled(): boolean {
    return !!this.data.config?.enablePluginDonations && this.data.donatees.length > 0;
  }

  get donatees(): Donatee[] {
    const term = this.donateeSearch.trim().toLocaleLowerCase('de');
    if (!term) return this.data.donatees;
    return this.data.donatees.filter((donatee) =>
      `${donatee.name} ${donatee.description ?? ''}`.toLocaleLowerCase('de').includes(term),
    );
  }

  setDonateeSearch(term: string): void {
    this.donateeSearch = term;
  }

  get selectedDonatee(): Donatee | null {
    return this.data.donatees.find((donatee) => donatee.id === this.donateeId) ?? null;
  }

  get isDonateePickerOpen(): boolean {
    return this.donateeDraft !== undefined;
  }

  openDonateePicker(): void {
    this.donateeDraft = this.donateeId;
    this.donateeSearch = '';
  }

  /** In the overlay: clicking the selected recipient deselects it (spec section 4). */
  toggleDonatee(id: number): void {
    this.donateeDraft = this.donateeDraft === id ? null : id;
  }

  /** Saving applies the overlay's choice. */
  saveDonatee(): void {
    if (this.donateeDraft !== undefined) this.donateeId = this.donateeDraft;
    this.donateeDraft = undefined;
  }

  closeDonateePicker(): void {
    this.donateeDraft = undefined;
  }
}

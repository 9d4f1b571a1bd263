import {
  branchCountText,
  branchStatusLabel,
  branchTimeZone,
  closedText,
  countOpenBranches,
  filterBranches,
  formatTime,
  localDate,
  openBranchesText,
  openingHoursOf,
  t,
  toggleTag,
  windowsStartingOn,
  type Branch,
  type BranchRating,
  type Tag,
} from '@ordering/common';
import { makeAutoObservable } from 'mobx';
import type { ClockStore } from './ClockStore';
import type { InitDataStore } from './InitDataStore';

/** What a branch card and the toolbar show about a branch's hours now. */
export interface BranchOpenInfo {
  isOpen: boolean;
  /** "Geöffnet bis 22:00", "Geöffnet" or "Geschlossen". */
  label: string;
  /** Closing within 60 minutes. */
  isClosingSoon: boolean;
  /** When closed: the next opening ("Wir öffnen wieder am Dienstag um 11:00 Uhr."), or the closed message. */
  closedText: string | null;
  /** Today's opening windows, "11:00 – 22:00" (empty when closed all day). */
  todayWindows: string[];
}

/** The branch list (search, tag filter) and the branch the customer is in. */
export class BranchStore {
  searchTerm = '';
  selectedTagId: number | null = null;
  selectedIdentifier: string | null = null;

  private readonly openInfos = new WeakMap<Branch, { now: Date; info: BranchOpenInfo }>();

  constructor(
    private readonly data: InitDataStore,
    private readonly clock: ClockStore,
  ) {
    makeAutoObservable<BranchStore, 'data' | 'clock' | 'openInfos' | 'computeOpenInfo'>(
      this,
      { data: false, clock: false, openInfos: false, computeOpenInfo: false },
      { autoBind: true },
    );
  }

  get all(): Branch[] {
    return this.data.branches;
  }

  get filtered(): Branch[] {
    return filterBranches(this.all, this.searchTerm, this.selectedTagId, this.data.tags);
  }

  /** '{n} von {m} Filialen werden angezeigt.' or the no-result text. */
  get countText(): string {
    return branchCountText(this.filtered.length, this.all.length);
  }

  get hasResults(): boolean {
    return this.filtered.length > 0;
  }

  /** Tags carried by at least one branch, in the tag list's order. */
  get tagTiles(): Tag[] {
    const used = new Set(this.all.flatMap((branch) => (branch.tags ?? []).map((tag) => tag.id)));
    return this.data.tags.filter((tag) => used.has(tag.id));
  }

  get isSearchEnabled(): boolean {
    return this.data.config?.enablePluginSearch !== false;
  }

  /** The customers' average rating of a branch while the ratings plugin is on; null without reviews. */
  ratingOf(branch: Branch): BranchRating | null {
    return this.data.config?.enablePluginRatings === true && branch.rating ? branch.rating : null;
  }

  get isTagFilterEnabled(): boolean {
    return this.data.config?.enablePluginTags !== false && this.tagTiles.length > 0;
  }

  setSearchTerm(term: string): void {
    this.searchTerm = term;
  }

  /** Clicking a tag selects it, clicking it again deselects it. */
  toggleTag(tagId: number): void {
    this.selectedTagId = toggleTag(this.selectedTagId, tagId);
  }

  select(identifier: string): void {
    this.selectedIdentifier = identifier;
  }

  /** Entering the branch list clears the selected branch (spec section 2). */
  clearSelection(): void {
    this.selectedIdentifier = null;
  }

  byIdentifier(identifier: string | null | undefined): Branch | null {
    if (!identifier) return null;
    return this.all.find((branch) => branch.identifier === identifier) ?? null;
  }

  get selected(): Branch | null {
    return this.byIdentifier(this.selectedIdentifier);
  }

  /** Public branches; a non-public one (not yet opened) is listed inactive and never counts as open. */
  get publicBranches(): Branch[] {
    return this.all.filter((branch) => branch.isPublic);
  }

  openInfo(branch: Branch): BranchOpenInfo {
    const now = this.clock.now;
    // The toolbar, the banner, the cart and the branch cards ask for the same branch at the same moment;
    // branches are replaced as a whole on reload and `now` on every tick, so both identify the answer.
    const known = this.openInfos.get(branch);
    if (known?.now === now) return known.info;
    const info = this.computeOpenInfo(branch, now);
    this.openInfos.set(branch, { now, info });
    return info;
  }

  private computeOpenInfo(branch: Branch, now: Date): BranchOpenInfo {
    if (!branch.isPublic) {
      const message = branch.closedMessage?.trim() || null;
      return {
        isOpen: false,
        label: t('branch.closed'),
        isClosingSoon: false,
        closedText: message,
        todayWindows: [],
      };
    }
    const status = branchStatusLabel(branch, now);
    const hours = openingHoursOf(branch);
    const zone = branchTimeZone(branch);
    const todayWindows = windowsStartingOn(hours, localDate(now, zone)).map(
      (window) => `${formatTime(window.start, zone)} – ${formatTime(window.end, zone)}`,
    );
    return {
      isOpen: status.isOpen,
      label: status.text,
      isClosingSoon: status.isWarning,
      closedText: status.isOpen ? null : closedText(branch, now),
      todayWindows,
    };
  }

  /** Toolbar without a selected branch: '1 Standort geöffnet', 'N Standorte geöffnet', 'Alle Standorte geschlossen'. */
  get openBranchesText(): string {
    return openBranchesText(countOpenBranches(this.publicBranches, this.clock.now));
  }
}

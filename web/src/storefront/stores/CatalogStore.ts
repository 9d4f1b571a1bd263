import {
  activeMenu,
  branchTimeZone,
  catalogGroups,
  catalogTags,
  categoryBarItems,
  filterCatalogGroups,
  searchWords,
  toggleTagId,
  type Branch,
  type CatalogGroup,
  type Category,
  type Menu,
  type Product,
  type Tag,
} from '@ordering/common';
import { makeAutoObservable } from 'mobx';
import type { BranchStore } from './BranchStore';
import type { ClockStore } from './ClockStore';
import type { InitDataStore } from './InitDataStore';

/** The catalogue of the selected branch: active menu, product groups, category bar, active category. */
export class CatalogStore {
  activeCategoryId: number | null = null;
  /** The store page's product search. */
  searchTerm = '';
  /** The dietary chips switched on (tag ids); a product must carry all of them. */
  selectedTagIds: number[] = [];

  constructor(
    private readonly data: InitDataStore,
    private readonly branches: BranchStore,
    private readonly clock: ClockStore,
  ) {
    makeAutoObservable<CatalogStore, 'data' | 'branches' | 'clock'>(
      this,
      { data: false, branches: false, clock: false },
      { autoBind: true },
    );
  }

  get branch(): Branch | null {
    return this.branches.selected;
  }

  /** Among the branch's menus the one with the latest availableFrom in the past. */
  get menu(): Menu | null {
    return this.branch ? this.menuFor(this.branch) : null;
  }

  menuFor(branch: Branch): Menu | null {
    return activeMenu(this.data.menus, branch.id, this.clock.now);
  }

  get groups(): CatalogGroup<Category, Product>[] {
    return this.branch ? this.groupsFor(this.branch) : [];
  }

  groupsFor(branch: Branch): CatalogGroup<Category, Product>[] {
    const menu = this.menuFor(branch);
    if (!menu) return [];
    return catalogGroups(
      menu,
      this.data.categories,
      this.data.products,
      this.clock.now,
      branchTimeZone(branch),
    );
  }

  /** The tags the chips offer: those the branch's shown products carry. */
  get tags(): Tag[] {
    return catalogTags(this.groups, this.data.tags);
  }

  /** Whether search or chips narrow the list. */
  get isFiltered(): boolean {
    return searchWords(this.searchTerm).length > 0 || this.selectedTagIds.length > 0;
  }

  /** The groups after search and chips (the category grouping kept, empty groups dropped). */
  get shownGroups(): CatalogGroup<Category, Product>[] {
    return filterCatalogGroups(this.groups, this.searchTerm, this.selectedTagIds, this.data.tags);
  }

  setSearchTerm(term: string): void {
    this.searchTerm = term;
  }

  toggleTag(id: number): void {
    this.selectedTagIds = toggleTagId(this.selectedTagIds, id);
  }

  clearFilters(): void {
    this.searchTerm = '';
    this.selectedTagIds = [];
  }

  /** Products a cart of the branch may keep: shown and available in its active menu now. */
  orderableProductsFor(branch: Branch): Product[] {
    return this.groupsFor(branch).flatMap((group) =>
      group.products.filter((entry) => entry.visibility === 'available').map((entry) => entry.product),
    );
  }

  get isCategoryBarEnabled(): boolean {
    return this.data.config?.enablePluginCategoryBar !== false;
  }

  /** Categories of the bar: no bundles, no empty categories; only those search and chips leave. */
  get categoryBar(): Category[] {
    return this.isCategoryBarEnabled ? categoryBarItems(this.shownGroups) : [];
  }

  setActiveCategory(id: number | null): void {
    this.activeCategoryId = id;
  }
}

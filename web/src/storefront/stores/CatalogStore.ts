import {
  activeMenu,
  branchTimeZone,
  catalogGroups,
  catalogTags,
  categoryBarItems,
  filterCatalogGroups,
  visibility,
  searchWords,
  toggleTagId,
  type Branch,
  type CatalogGroup,
  type Category,
  type MenuSummary,
  type Product,
  type Tag,
} from '@ordering/common';
import { makeAutoObservable } from 'mobx';
import type { BranchStore } from './BranchStore';
import type { ClockStore } from './ClockStore';
import type { InitDataStore } from './InitDataStore';
import type { LoadedCatalog, MenuCatalog, MenuCatalogStore } from './MenuCatalogStore';

/**
 * The catalogue of the selected branch: active menu (from /api/init), its products (from the menu's
 * catalogue route), product groups, category bar, active category.
 */
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
    readonly catalogs: MenuCatalogStore,
  ) {
    makeAutoObservable<CatalogStore, 'data' | 'branches' | 'clock'>(
      this,
      { data: false, branches: false, clock: false, catalogs: false },
      { autoBind: true },
    );
  }

  get branch(): Branch | null {
    return this.branches.selected;
  }

  /** Among the branch's menus the one with the latest availableFrom in the past (as /api/init lists it). */
  get menu(): MenuSummary | null {
    return this.branch ? this.menuFor(this.branch) : null;
  }

  menuFor(branch: Branch): MenuSummary | null {
    return activeMenu(this.data.menus, branch.id, this.clock.now);
  }

  /** The loaded catalogue of the branch's active menu (null while it is not there). */
  catalogFor(branch: Branch): MenuCatalog | null {
    const menu = this.menuFor(branch);
    return menu ? this.catalogs.dataOf(menu.id) : null;
  }

  /** The selected branch's catalogue load (its state and error), null without an active menu. */
  get load(): LoadedCatalog | null {
    const menu = this.menu;
    return menu ? this.catalogs.of(menu.id) : null;
  }

  /** The selected branch's menu is still on its way (first load, nothing to show yet). */
  get isLoading(): boolean {
    const menu = this.menu;
    if (!menu) return false;
    const load = this.catalogs.of(menu.id);
    return !load || (load.data === null && load.status === 'loading');
  }

  /** The selected branch's menu could not be loaded and nothing was there before. */
  get loadFailed(): boolean {
    const load = this.load;
    return !!load && load.data === null && load.status === 'error' && load.error === 'failed';
  }

  /** Loads the selected branch's catalogue again after a failure. */
  retry(): void {
    const menu = this.menu;
    if (menu) void this.catalogs.retry(menu.id);
  }

  /**
   * Every part of the selected branch's menu is there (a large menu comes in parts, see MenuCatalogStore);
   * true without a menu.
   */
  get isComplete(): boolean {
    const load = this.load;
    return !load || load.isComplete;
  }

  /**
   * Waits until the part holding a category's first product is there (with every part before it), so the
   * category bar can jump to a group of a part still on its way; at once when it is there.
   */
  loadForCategory(categoryId: number): Promise<void> {
    const load = this.load;
    if (!load || load.isComplete) return Promise.resolve();
    return this.catalogs.loadThrough(load.menuId, load.partOfCategory(categoryId));
  }

  /** Whether a category's products are still on their way (its part is not loaded yet). */
  isCategoryPending(categoryId: number): boolean {
    const load = this.load;
    return !!load && !load.isComplete && load.partOfCategory(categoryId) > load.loadedThrough;
  }

  /** A product of a loaded catalogue by id (the cart's lines, the checkout). */
  productById(id: number): Product | undefined {
    const menu = this.menu;
    const own = menu ? this.catalogs.of(menu.id)?.productsById.get(id) : undefined;
    if (own) return own;
    for (const loaded of this.catalogs.catalogs.values()) {
      const product = loaded.productsById.get(id);
      if (product) return product;
    }
    return undefined;
  }

  get groups(): CatalogGroup<Category, Product>[] {
    return this.branch ? this.groupsFor(this.branch) : [];
  }

  groupsFor(branch: Branch): CatalogGroup<Category, Product>[] {
    const catalog = this.catalogFor(branch);
    if (!catalog) return [];
    return catalogGroups(
      catalog.menu,
      catalog.categories,
      catalog.products,
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

  /**
   * Products a cart of the branch may keep: shown and available in its active menu now; null while that
   * menu's catalogue is not loaded, or not all its parts (a cart is then kept as it is, not emptied).
   */
  orderableProductsFor(branch: Branch): Product[] | null {
    const menu = this.menuFor(branch);
    // Not before every part is there: a product of a later part is not gone.
    if (menu && !this.catalogs.of(menu.id)?.isComplete) return null;
    return this.groupsFor(branch).flatMap((group) =>
      group.products.filter((entry) => entry.visibility === 'available').map((entry) => entry.product),
    );
  }

  get isCategoryBarEnabled(): boolean {
    return this.data.config?.enablePluginCategoryBar !== false;
  }

  /**
   * Categories of the bar: no bundles, no empty categories; only those search and chips leave. While a large
   * menu's later parts are on their way (and nothing narrows the list), also the shown categories whose
   * products are still coming, in the menu's order: a jump to one waits for its part.
   */
  get categoryBar(): Category[] {
    if (!this.isCategoryBarEnabled) return [];
    const items = categoryBarItems(this.shownGroups);
    const catalog = this.branch ? this.catalogFor(this.branch) : null;
    if (this.isComplete || this.isFiltered || !catalog) return items;
    const inBar = new Set(items.map((category) => category.id));
    const byId = new Map(catalog.categories.map((category) => [category.id, category]));
    const now = this.clock.now;
    const timeZone = branchTimeZone(this.branch);
    return catalog.menu.catalog.flatMap((entry) => {
      const category = byId.get(entry.id);
      if (!category || category.isBundle) return [];
      if (inBar.has(category.id)) return [category];
      const pending = this.isCategoryPending(category.id) && visibility(category, now, timeZone) !== 'hidden';
      return pending ? [category] : [];
    });
  }

  setActiveCategory(id: number | null): void {
    this.activeCategoryId = id;
  }
}

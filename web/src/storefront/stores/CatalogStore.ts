import {
  activeMenu,
  branchTimeZone,
  catalogGroups,
  categoryBarItems,
  type Branch,
  type CatalogGroup,
  type Category,
  type Menu,
  type Product,
} from '@ordering/common';
import { makeAutoObservable } from 'mobx';
import type { BranchStore } from './BranchStore';
import type { ClockStore } from './ClockStore';
import type { InitDataStore } from './InitDataStore';

/** The catalogue of the selected branch: active menu, product groups, category bar, active category. */
export class CatalogStore {
  activeCategoryId: number | null = null;

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

  /** Products a cart of the branch may keep: shown and available in its active menu now. */
  orderableProductsFor(branch: Branch): Product[] {
    return this.groupsFor(branch).flatMap((group) =>
      group.products.filter((entry) => entry.visibility === 'available').map((entry) => entry.product),
    );
  }

  get isCategoryBarEnabled(): boolean {
    return this.data.config?.enablePluginCategoryBar !== false;
  }

  /** Categories of the bar: no bundles, no empty categories. */
  get categoryBar(): Category[] {
    return this.isCategoryBarEnabled ? categoryBarItems(this.groups) : [];
  }

  setActiveCategory(id: number | null): void {
    this.activeCategoryId = id;
  }
}

// A shop whose Wien menu holds thousands of products, for the browser tests of the windowed store page
// (docs/decisions/storefront.md, "Windowing"): the built product started once on a fresh embedded database
// (migrations and the demo data), stopped, the products written in one SQL statement
// (scripts/seed-large-menu.mjs, shared with the benchmark), started again.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOwnShop, type OwnShop } from './own-shop';

const seedModule = fileURLToPath(new URL('../../scripts/seed-large-menu.mjs', import.meta.url));

interface SeedModule {
  FAR_PRODUCT: string;
  seedLargeMenu(
    dataDir: string,
    options: { products: number; categories: number },
  ): Promise<{ id: number; name: string }[]>;
}

/** The name of one product far down the menu (the search test looks for it). */
export const FAR_PRODUCT = 'Quittenstrudel mit Zimtobers';

export interface LargeMenuShop extends OwnShop {
  /** The new categories in menu order. */
  categories: { id: number; name: string }[];
}

/**
 * Starts a shop whose Wien menu ends with `categories` new categories holding `products` new products
 * (`Gericht 1` … in order; one near the end is {@link FAR_PRODUCT}).
 */
export async function startLargeMenuShop(products: number, categories: number): Promise<LargeMenuShop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ordering-large-menu-e2e-data-'));
  const first = await startOwnShop('large-menu', { DATA_DIR: dataDir });
  await first.stop();
  const seed = (await import(seedModule)) as SeedModule;
  if (seed.FAR_PRODUCT !== FAR_PRODUCT) throw new Error('large menu: the far product was renamed');
  const written = await seed.seedLargeMenu(dataDir, { products, categories });
  const shop = await startOwnShop('large-menu', { DATA_DIR: dataDir });
  // The first read of a large catalogue builds and compresses it (seconds on a busy machine); a shop has
  // done that long before its first guest, so the tests start with it built.
  const init = (await (await fetch(`${shop.base}/api/init`)).json()) as { menus?: Array<{ id: number }> };
  for (const menu of init.menus ?? []) {
    let count = 1;
    for (let part = 0; part < count; part++) {
      const url = `${shop.base}/api/menus/${menu.id}/catalog${part > 0 ? `?part=${part}` : ''}`;
      const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
      if (!res.ok) throw new Error(`large menu: ${url} answered ${res.status}`);
      const body = (await res.json()) as { data?: { part?: { count?: number } } };
      if (part === 0) count = body.data?.part?.count ?? 1;
    }
  }
  return { ...shop, categories: written };
}

import { activeMenu, menuCatalogPath } from '@ordering/common';
import type { InitBody } from '../init/init.service.js';

/** The API answers a page needs for its first screen beyond /api/init, found from the page's path. */
export type PagePreloads = (urlPath: string) => Promise<string[]>;

/** The store page and the kiosk of a branch (and their sub-pages): `/store/{identifier}`, `/kiosk/{identifier}`. */
const BRANCH_PAGE = /^\/(?:store|kiosk)\/([^/]+)(?:\/|$)/;

/**
 * How long the page waits for the answer: the versions are one small query, but right after a write the
 * init data is built anew (hundreds of ms under load); the page is then sent without the catalogue's
 * preload rather than later.
 */
export const PRELOAD_WAIT_MS = 100;

interface BranchesAndMenus {
  key: string;
  branches: Map<string, number>;
  menus: { id: number; availableFrom: string; branches: { id: number }[] }[];
}

/**
 * The catalogue of a branch page's active menu (common's `menuCatalogPath`, the path the web app's
 * MenuCatalogStore asks for): announced in the page's head, it loads beside the script and /api/init instead
 * of after both (issue 29, item 2). The branch and its menus come from the cached /api/init answer (what an
 * anonymous visitor's app reads), the active menu by common's `activeMenu` at the server's clock. Nothing
 * (an unknown branch, no menu, an error, a slow build) means no preload; the app then asks as before.
 */
export function branchCatalogPreload(
  initBody: () => Promise<Pick<InitBody, 'key' | 'json'>>,
  now: () => Date = () => new Date(),
  waitMs = PRELOAD_WAIT_MS,
): PagePreloads {
  let known: BranchesAndMenus | null = null;
  const read = async (identifier: string): Promise<string[]> => {
    const body = await initBody();
    if (known?.key !== body.key) known = parse(body);
    const branchId = known.branches.get(identifier);
    if (branchId === undefined) return [];
    const menu = activeMenu(known.menus, branchId, now());
    return menu ? [menuCatalogPath(menu.id)] : [];
  };
  return async (urlPath) => {
    const match = BRANCH_PAGE.exec(urlPath);
    if (!match) return [];
    let identifier: string;
    try {
      identifier = decodeURIComponent(match[1]);
    } catch {
      return [];
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string[]>((resolve) => {
      timer = setTimeout(() => resolve([]), waitMs);
    });
    try {
      return await Promise.race([read(identifier).catch(() => []), late]);
    } finally {
      clearTimeout(timer);
    }
  };
}

function parse(body: Pick<InitBody, 'key' | 'json'>): BranchesAndMenus {
  const entries = (JSON.parse(body.json) as { data: { url: string; data: { data: unknown } }[] }).data;
  const list = <T>(url: string) => (entries.find((entry) => entry.url === url)?.data.data ?? []) as T[];
  const branches = new Map<string, number>();
  for (const branch of list<{ id: number; identifier?: string | null }>('/api/branches'))
    if (branch.identifier) branches.set(branch.identifier, branch.id);
  return { key: body.key, branches, menus: list('/api/menus') };
}

import type { Branch } from './branch.js';
import type { MenuSummary, Tag } from './catalog.js';
import type { Block, Config, Navigation, Site } from './content.js';
import type { Division, Donatee, Table } from './entities.js';

/** A successful JSON response: the payload sits under `data`. */
export interface ApiResponse<T> {
  /** The payload. */
  data: T;
}

/** One error of an error response; the UI shows the first one's message. */
export interface ApiError {
  /** German message shown to the user. */
  message: string;
  /** The form field it belongs to (`email` …), when it is a field error. */
  field?: string;
  /** A stable machine code clients react to (`branch_closed`, `frontdesk_disabled` …), when there is one. */
  code?: string;
}

/** An error response (400, 401, 403, 404, 409, 500). */
export interface ApiErrorResponse {
  /** Errors, the one to show first. */
  errors: ApiError[];
}

/** The urls recognised in `/api/init`, with the payload each carries. */
export interface InitDataByUrl {
  /** Shop configuration. */
  config: Config;
  /** Organisations. */
  divisions: Division[];
  /** Branches. */
  branches: Branch[];
  /**
   * Menus without their catalogues (enough for `activeMenu`); a menu's categories and products come from
   * `GET /api/menus/{id}/catalog` (`MenuCatalog`).
   */
  menus: MenuSummary[];
  /** Tags. */
  tags: Tag[];
  /** Tables. */
  tables: Table[];
  /** Sites. */
  sites: Site[];
  /** Navigations. */
  navigations: Navigation[];
  /** Blocks. */
  blocks: Block[];
  /** Donation recipients. */
  donatees: Donatee[];
}

/** A recognised `/api/init` url. */
export type InitUrl = keyof InitDataByUrl;

/** The recognised urls in the order the backend sends them. */
export const INIT_URLS: readonly InitUrl[] = [
  'config',
  'divisions',
  'branches',
  'menus',
  'tags',
  'tables',
  'sites',
  'navigations',
  'blocks',
  'donatees',
];

/** One entry of `/api/init`: an url and the response that url would give. */
export interface InitEntry {
  /** The collection (see {@link InitUrl}); unknown urls are ignored by clients. */
  url: string;
  /** The response body of that collection. */
  data: { data: unknown };
}

/** An init entry typed by its url. */
export type TypedInitEntry = { [K in InitUrl]: { url: K; data: { data: InitDataByUrl[K] } } }[InitUrl];

/** The `/api/init` payload (`{ data: InitPayload }`): a list of entries. */
export type InitPayload = InitEntry[];

/**
 * Reads the recognised entries of an init payload into one object; unknown urls are skipped, a missing url
 * stays absent.
 */
export function readInitPayload(payload: InitPayload): Partial<InitDataByUrl> {
  const out: Partial<Record<InitUrl, unknown>> = {};
  for (const entry of payload) {
    // The server names each entry by the collection's API path (`/api/branches`); bare names are accepted too.
    const name = entry.url.replace(/^\/api\//, '');
    if ((INIT_URLS as readonly string[]).includes(name)) {
      out[name as InitUrl] = entry.data.data;
    }
  }
  return out as Partial<InitDataByUrl>;
}

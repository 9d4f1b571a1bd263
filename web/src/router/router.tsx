/**
 * The app's router: wouter's browser location (History API, ≈1 KB) and our own small route table on top
 * (docs/decisions/storefront.md, "Router"). It keeps the parts of react-router the app used, with the same
 * meaning: nested routes with an `Outlet`, index routes, `*` splats, lazy routes (the page shown stays until
 * the next one's chunk has loaded), an error element per route group, and Link, NavLink, Navigate,
 * useParams, useNavigate, useLocation, useSearchParams. Paths are matched segment by segment, without
 * regard to case or a trailing slash; the first route in table order that matches wins, so more specific
 * routes come first.
 */
import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  navigate as browserNavigate,
  useHistoryState,
  useLocationProperty,
  usePathname,
  useSearch,
} from 'wouter/use-browser-location';

export interface RouteObject {
  /** Relative to the parent's path; `:name` is one segment, a trailing `*` the rest. None: a layout or group. */
  path?: string;
  /** Matches the parent's path exactly. */
  index?: boolean;
  /** What the route shows; a route without one shows its matched child (an `Outlet`). */
  element?: ReactNode;
  /** The route's own chunk, loaded before the route is shown. */
  lazy?: () => Promise<{ Component?: ComponentType; element?: ReactNode }>;
  /** Shown in the route's place when it or a route below throws while rendering. */
  errorElement?: ReactNode;
  /** Routes of the self-service context (spec section 2): no cookie banner, no install prompt. */
  selfService?: boolean;
  children?: RouteObject[];
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type NavigateFunction = (to: string, options?: NavigateOptions) => void;

interface LocationSource {
  location: Location;
  navigate: NavigateFunction;
}

const LocationContext = createContext<LocationSource | null>(null);

function useLocationSource(): LocationSource {
  const source = useContext(LocationContext);
  if (!source) throw new Error('Router fehlt: BrowserRouter oder MemoryRouter um die App legen.');
  return source;
}

function useStableLocation(pathname: string, search: string, hash: string, state: unknown): Location {
  return useMemo(() => ({ pathname, search, hash, state }), [pathname, search, hash, state]);
}

const currentHash = () => location.hash;

/** The browser's address (History API) as wouter follows it. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const search = useSearch();
  const hash = useLocationProperty(currentHash, () => '');
  const state: unknown = useHistoryState();
  const current = useStableLocation(pathname, search, hash, state);
  const source = useMemo(() => ({ location: current, navigate: navigateBrowser }), [current]);
  return <LocationContext.Provider value={source}>{children}</LocationContext.Provider>;
}

/** Navigation outside React (e.g. the API client's 401 handling): a new entry in the browser's history. */
export function navigateBrowser(to: string, options: NavigateOptions = {}): void {
  browserNavigate(to, { replace: options.replace ?? false, state: options.state ?? null });
}

function splitPath(path: string): { pathname: string; search: string; hash: string } {
  const hashAt = path.indexOf('#');
  const hash = hashAt < 0 ? '' : path.slice(hashAt);
  const rest = hashAt < 0 ? path : path.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  const search = searchAt < 0 || searchAt === rest.length - 1 ? '' : rest.slice(searchAt);
  return { pathname: (searchAt < 0 ? rest : rest.slice(0, searchAt)) || '/', search, hash };
}

/** An address held in memory, for tests and server-side rendering: `entries` is its history. */
export class MemoryLocation {
  readonly entries: string[];
  private listeners = new Set<() => void>();
  private current: Location;

  constructor(path = '/') {
    this.entries = [path];
    this.current = { ...splitPath(path), state: null };
  }

  get location(): Location {
    return this.current;
  }

  readonly navigate: NavigateFunction = (to, options = {}) => {
    const target = resolve(to, this.current);
    if (options.replace) this.entries[this.entries.length - 1] = target;
    else this.entries.push(target);
    this.current = { ...splitPath(target), state: options.state ?? null };
    this.listeners.forEach((listener) => listener());
  };

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}

export function MemoryRouter({
  path = '/',
  location: memory,
  children,
}: {
  path?: string;
  location?: MemoryLocation;
  children: ReactNode;
}) {
  const held = useRef<MemoryLocation | null>(null);
  held.current ??= memory ?? new MemoryLocation(path);
  const store = held.current;
  const get = () => store.location;
  const current = useSyncExternalStore(store.subscribe, get, get);
  const source = useMemo(() => ({ location: current, navigate: store.navigate }), [current, store]);
  return <LocationContext.Provider value={source}>{children}</LocationContext.Provider>;
}

/** `?…` and `#…` stay on the current page; every other target of the app is an absolute path. */
function resolve(to: string, from: Location): string {
  if (to.startsWith('?')) return from.pathname + (to === '?' ? '' : to);
  if (to.startsWith('#')) return from.pathname + from.search + to;
  return to;
}

function hrefOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return location.pathname + location.search + location.hash;
}

// ---------------------------------------------------------------------------------------------------------
// Matching

interface RouteMatch {
  route: RouteObject;
  params: Record<string, string>;
}

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Matches a route's path against the start of `segments`; the rest is left for its children. */
function matchPath(
  path: string,
  segments: string[],
): { params: Record<string, string>; rest: string[] } | null {
  const params: Record<string, string> = {};
  const parts = segmentsOf(path);
  let i = 0;
  for (const part of parts) {
    if (part === '*') {
      params['*'] = segments.slice(i).map(decode).join('/');
      return { params, rest: [] };
    }
    const segment = segments[i];
    if (segment === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = decode(segment);
    else if (part.toLowerCase() !== decode(segment).toLowerCase()) return null;
    i += 1;
  }
  return { params, rest: segments.slice(i) };
}

/** The chain of routes from the table's top to the route that shows `segments`, or null. */
export function matchRoutes(routes: RouteObject[], segments: string[]): RouteMatch[] | null {
  for (const route of routes) {
    if (route.index) {
      if (segments.length === 0) return [{ route, params: {} }];
      continue;
    }
    const matched =
      route.path === undefined ? { params: {}, rest: segments } : matchPath(route.path, segments);
    if (!matched) continue;
    if (route.children) {
      const below = matchRoutes(route.children, matched.rest);
      if (below) return [{ route, params: matched.params }, ...below];
    }
    if (route.path !== undefined && matched.rest.length === 0) return [{ route, params: matched.params }];
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Lazy routes

type Loaded = { element: ReactNode } | { error: unknown };
const loaded = new WeakMap<RouteObject, Loaded>();

const loading = new WeakMap<RouteObject, Promise<void>>();

function loadRoute(route: RouteObject): Promise<void> {
  if (!route.lazy || loaded.has(route)) return Promise.resolve();
  let load = loading.get(route);
  if (!load) {
    load = route.lazy().then(
      (module) => {
        const Page = module.Component;
        loaded.set(route, { element: Page ? <Page /> : (module.element ?? null) });
      },
      (error: unknown) => void loaded.set(route, { error }),
    );
    loading.set(route, load);
  }
  return load;
}

/** Loads the lazy routes that show `path`, so that a first render (tests, server) shows the page. */
export async function preloadRoutes(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, segmentsOf(splitPath(path).pathname)) ?? [];
  await Promise.all(matches.map((match) => loadRoute(match.route)));
}

function Rethrow({ error }: { error: unknown }): never {
  throw error;
}

// ---------------------------------------------------------------------------------------------------------
// Rendering

interface RouteState {
  location: Location;
  params: Readonly<Record<string, string | undefined>>;
  /** Path segments used by the routes above a nested table (`backend/*` → 1). */
  consumed: number;
  matches: RouteMatch[];
}

const RouteContext = createContext<RouteState | null>(null);
const OutletContext = createContext<ReactNode>(null);

/** Where a layout route shows its matched child route. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

class RouteErrorBoundary extends Component<
  { fallback: ReactNode; resetKey: string; children: ReactNode },
  { error: unknown; resetKey: string }
> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unbekannter Fehler') };
  }

  // A new address leaves the error behind, as a fresh page would.
  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback : this.props.children;
  }
}

function renderMatches(matches: RouteMatch[], index: number, resetKey: string): ReactNode {
  const match = matches[index];
  if (!match) return null;
  const { route } = match;
  const outlet = renderMatches(matches, index + 1, resetKey);
  const lazy = loaded.get(route);
  let element: ReactNode;
  if (lazy && 'error' in lazy) element = <Rethrow error={lazy.error} />;
  else element = lazy?.element ?? route.element ?? <Outlet />;
  element = <OutletContext.Provider value={outlet}>{element}</OutletContext.Provider>;
  if (route.errorElement)
    element = (
      <RouteErrorBoundary fallback={route.errorElement} resetKey={resetKey}>
        {element}
      </RouteErrorBoundary>
    );
  return element;
}

/**
 * Shows the route of the current address from `routes`; inside a route ending in `*` it matches the rest
 * of the address (the back office below `/backend`). While a lazy route's chunk loads, the page shown
 * before stays (nothing on the first page).
 */
export function Routes({ routes }: { routes: RouteObject[] }) {
  const source = useLocationSource();
  const parent = useContext(RouteContext);
  // A nested table follows the address its parent shows.
  const location = parent?.location ?? source.location;
  const consumed = parent ? parent.consumed + usedSegments(parent) : 0;
  const matches = useMemo(
    () => matchRoutes(routes, segmentsOf(location.pathname).slice(consumed)) ?? [],
    [routes, location.pathname, consumed],
  );
  const pending = matches.filter((match) => match.route.lazy && !loaded.has(match.route));
  const [, loadedOne] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (pending.length === 0) return;
    let current = true;
    void Promise.all(pending.map((match) => loadRoute(match.route))).then(() => {
      if (current) loadedOne();
    });
    return () => {
      current = false;
    };
  }, [pending.length, matches]);
  const shown = useRef<RouteState | null>(null);
  if (pending.length === 0) {
    const params = Object.assign({}, parent?.params, ...matches.map((match) => match.params)) as Record<
      string,
      string
    >;
    shown.current = { location, params, consumed, matches: [...(parent?.matches ?? []), ...matches] };
  }
  const state = shown.current;
  if (!state) return null;
  const own = state.matches.slice(parent?.matches.length ?? 0);
  return (
    <RouteContext.Provider value={state}>
      {renderMatches(own, 0, hrefOf(state.location))}
    </RouteContext.Provider>
  );
}

/** Segments the matched routes of `state` use before their splat. */
function usedSegments(state: RouteState): number {
  const splat = state.params['*'];
  const all = segmentsOf(state.location.pathname).length - state.consumed;
  return splat === undefined ? all : all - segmentsOf(splat).length;
}

// ---------------------------------------------------------------------------------------------------------
// Hooks and links

/** The address shown (while a lazy page loads: the one before). */
export function useLocation(): Location {
  const shown = useContext(RouteContext);
  const source = useLocationSource();
  return shown?.location ?? source.location;
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(RouteContext)?.params ?? {};
}

/** Whether the address shown belongs to the self-service context (spec section 2). */
export function useSelfService(): boolean {
  return useContext(RouteContext)?.matches.some((match) => match.route.selfService === true) ?? false;
}

export function useNavigate(): NavigateFunction {
  const { navigate } = useLocationSource();
  const location = useLocation();
  const from = useRef(location);
  from.current = location;
  return useCallback((to, options) => navigate(resolve(to, from.current), options), [navigate]);
}

type SearchInit = URLSearchParams | Record<string, string> | string;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(search)) : next;
      const query = new URLSearchParams(init).toString();
      navigate(query ? `?${query}` : '?', options);
    },
    [navigate, search],
  );
  return [params, set];
}

/** Goes to `to` once shown (in an effect, as a render must not navigate). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
};

function useLinkClick(to: string, { replace, state, target, onClick }: Omit<LinkProps, 'to'>) {
  const navigate = useNavigate();
  const location = useLocation();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const href = resolve(to, location);
    // The same address again replaces its history entry instead of adding a second one.
    navigate(href, { replace: replace ?? href === hrefOf(location), state });
  };
}

/** A link within the app: a real `<a href>`, followed without reloading the page. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const click = useLinkClick(to, { replace, state, onClick, target });
  return <a {...rest} href={to} target={target} onClick={click} />;
}

/** Whether the link to `to` is the current page (`end`: only exactly, else also pages below it). */
function isActive(to: string, pathname: string, end: boolean): boolean {
  const target = splitPath(to).pathname.toLowerCase();
  const current = pathname.toLowerCase();
  const endSlash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return current === target || (!end && current.startsWith(target) && current.charAt(endSlash) === '/');
}

/** A link that knows whether it is the current page: `aria-current="page"` and an active class. */
export function NavLink({
  to,
  end = false,
  className,
  ...rest
}: Omit<LinkProps, 'className'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}) {
  const active = isActive(to, useLocation().pathname, end);
  return (
    <Link
      {...rest}
      to={to}
      aria-current={active ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive: active }) : className}
    />
  );
}

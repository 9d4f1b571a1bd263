import { renderToString } from 'react-dom/server';
import {
  Link,
  matchRoutes,
  MemoryLocation,
  MemoryRouter,
  NavLink,
  Outlet,
  preloadRoutes,
  Routes,
  useLocation,
  useParams,
  useSearchParams,
  useSelfService,
  type RouteObject,
} from './router';

function Params() {
  return <p>{JSON.stringify(useParams())}</p>;
}

function Layout({ name }: { name: string }) {
  return (
    <div className={name}>
      <Outlet />
    </div>
  );
}

function Where() {
  const { pathname, search, hash } = useLocation();
  const [params] = useSearchParams();
  return <p>{`${pathname}|${search}|${hash}|${params.get('table') ?? ''}|${String(useSelfService())}`}</p>;
}

const nested: RouteObject[] = [
  { element: <Layout name="inner" />, children: [{ path: ':screen', element: <Params /> }] },
];

const routes: RouteObject[] = [
  {
    element: <Layout name="outer" />,
    children: [
      { index: true, element: <p>Start</p> },
      { path: 'store/:branch', element: <Params /> },
      { path: 'store/:branch/checkout', element: <p>Kasse</p> },
      { path: 'kiosk/:branch', selfService: true, children: [{ index: true, element: <Where /> }] },
      { path: 'where', element: <Where /> },
      { path: 'backend/*', element: <Routes routes={nested} /> },
      { path: 'lazy', lazy: () => Promise.resolve({ element: <p>Geladen</p> }) },
      { path: '*', element: <Params /> },
    ],
  },
];

function render(path: string, table = routes): string {
  return renderToString(
    <MemoryRouter path={path}>
      <Routes routes={table} />
    </MemoryRouter>,
  );
}

describe('router', () => {
  it('matches index, parameters and the splat, in table order, without regard to case or a trailing slash', () => {
    const names = (path: string) =>
      (matchRoutes(routes, path.split('/').filter(Boolean)) ?? []).map(
        (m) => m.route.path ?? (m.route.index ? 'index' : '-'),
      );
    expect(names('/')).toEqual(['-', 'index']);
    expect(names('/store/mitte')).toEqual(['-', 'store/:branch']);
    expect(names('/Store/mitte/checkout/')).toEqual(['-', 'store/:branch/checkout']);
    expect(names('/store/mitte/checkout/x')).toEqual(['-', '*']);
    expect(names('/kiosk')).toEqual(['-', '*']);
  });

  it('renders the layouts around the page, with decoded parameters', () => {
    expect(render('/store/gr%C3%BCn')).toBe(
      '<div class="outer"><p>{&quot;branch&quot;:&quot;grün&quot;}</p></div>',
    );
    expect(render('/ueber/uns')).toContain('{&quot;*&quot;:&quot;ueber/uns&quot;}');
  });

  it('matches a nested table against the rest of the address', () => {
    expect(render('/backend/tables')).toBe(
      '<div class="outer"><div class="inner"><p>{&quot;*&quot;:&quot;tables&quot;,&quot;screen&quot;:&quot;tables&quot;}</p></div></div>',
    );
  });

  it('gives the address with its query and fragment, and knows self-service routes', () => {
    expect(render('/where?table=7#oben')).toContain('/where|?table=7|#oben|7|false');
    expect(render('/kiosk/mitte')).toContain('/kiosk/mitte||||true');
  });

  it('shows a lazy route once its chunk has loaded', async () => {
    expect(render('/lazy')).toBe('');
    await preloadRoutes(routes, '/lazy');
    expect(render('/lazy')).toBe('<div class="outer"><p>Geladen</p></div>');
  });

  it('marks the current page in navigation links', () => {
    const html = renderToString(
      <MemoryRouter path="/backend/branches/tables">
        <NavLink to="/backend/branches" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          A
        </NavLink>
        <NavLink to="/backend/branches" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          B
        </NavLink>
        <NavLink to="/" className="home">
          C
        </NavLink>
        <Link to="/store/mitte">D</Link>
      </MemoryRouter>,
    );
    expect(html).toBe(
      '<a aria-current="page" class="on" href="/backend/branches">A</a>' +
        '<a class="off" href="/backend/branches">B</a><a class="home" href="/">C</a><a href="/store/mitte">D</a>',
    );
  });

  it('keeps a history in memory: push, replace and query-only targets', () => {
    const memory = new MemoryLocation('/store/mitte?table=3');
    memory.navigate('?');
    expect(memory.location).toMatchObject({ pathname: '/store/mitte', search: '' });
    memory.navigate('/status/a/b', { replace: true, state: { from: 'kasse' } });
    expect(memory.entries).toEqual(['/store/mitte?table=3', '/status/a/b']);
    expect(memory.location.state).toEqual({ from: 'kasse' });
  });
});

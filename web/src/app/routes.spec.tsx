import { enableStaticRendering } from 'mobx-react-lite';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, preloadRoutes, Routes } from '../router/router';
import { ApiClient } from '../api/ApiClient';
import { StorefrontRootStore } from '../storefront/StorefrontRootStore';
import { fakeFetch } from '../testing/fakeFetch';
import { InternalErrorPage, StandaloneErrorPage } from '../components/ErrorPage';
import { loadMarkdownDocument } from '../components/Markdown';
import type { RouteObject } from '../router/router';
import { fixture, loadedRoot, makeCategory, makeProduct } from '../storefront/testing/fixtures';
import { KioskStore } from '../kiosk/KioskStore';
import { storefrontSession } from '../kiosk/session';
import { ShellStore } from '../shell/ShellStore';
import { fakeShellEnvironment } from '../shell/testing';
import { createRoutes } from './routes';

function shellAndKiosk(storefront: StorefrontRootStore) {
  return {
    shell: new ShellStore(fakeShellEnvironment().env),
    kiosk: new KioskStore(storefrontSession(storefront), () => new Date('2030-03-01T10:00:00Z')),
  };
}

// No DOM here: the route table is checked by rendering each path to HTML, as a server would.
enableStaticRendering(true);

function routesFor(storefront?: StorefrontRootStore): RouteObject[] {
  const api = new ApiClient({ fetch: fakeFetch() });
  const now = () => new Date('2030-03-01T10:00:00Z');
  const shop = storefront ?? new StorefrontRootStore({ api, shopName: 'Estrich Huber', now });
  return createRoutes({
    storefront: shop,
    backoffice: { api, shopName: 'Estrich Huber', now },
    ...shellAndKiosk(shop),
  });
}

function renderRoutes(routes: RouteObject[], path: string): string {
  return renderToString(
    <MemoryRouter path={path}>
      <Routes routes={routes} />
    </MemoryRouter>,
  );
}

function render(path: string, storefront?: StorefrontRootStore): string {
  return renderRoutes(routesFor(storefront), path);
}

/** Renders a path whose route is a lazy chunk, once its chunk has loaded. */
async function renderLazy(path: string, storefront?: StorefrontRootStore): Promise<string> {
  const routes = routesFor(storefront);
  await preloadRoutes(routes, path);
  return renderRoutes(routes, path);
}

function text(html: string): string {
  return html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe(createRoutes.name, () => {
  it('renders the shell with the shop name on /', () => {
    const html = render('/');
    expect(html).toMatch(/<header class="site-header">/);
    expect(html).toMatch(/<main id="main"/);
    expect(html).toMatch(/<footer class="site-footer[ "]/);
    expect(text(html)).toContain('Estrich Huber');
    expect(text(html)).toContain('© 2030 Estrich Huber. Alle Rechte vorbehalten.');
    // Which home it is (variant A, the home site or the branch list) is known once the data is there.
    expect(text(html)).toContain('Daten werden geladen');
  });

  it.each(['/gibt-es-nicht/123', '/store', '/site/unbekannt', '/status/nur-uid'])(
    'renders the 404 page for %s once the data has loaded',
    async (path) => {
      const { root } = await loadedRoot();
      const body = text(await renderLazy(path, root));
      expect(body).toContain('404 Not Found');
      expect(body).toContain('Leider wurde die angeforderte Seite nicht gefunden.');
    },
  );

  it('shows the loading note, not the 404 page, while a content page is loading', async () => {
    const body = text(await renderLazy('/gibt-es-nicht'));
    expect(body).toContain('Daten werden geladen');
    expect(body).not.toContain('404 Not Found');
  });

  it('shows the loading note until the storefront data has arrived', () => {
    expect(text(render('/store/wien'))).toContain('Daten werden geladen');
  });

  it('renders the branch page with the branch from the path', async () => {
    const { root } = await loadedRoot();
    root.branches.select('wien'); // the page's effect does this in the browser
    const html = render('/store/wien', root);
    expect(html).toMatch(/<h1 id="store-title"[^>]*>Gasthaus Wien<\/h1>/);
    expect(text(html)).toContain('Schnitzel nach Wahl');
    expect(html).toMatch(/<nav class="category-bar" aria-label="Kategorien">/);
  });

  it('renders a menu of up to 120 products whole, the groups of its first 12 products at once; a larger one windowed', async () => {
    const menuOf = (sizes: number[]) => {
      const products = sizes.flatMap((size, group) =>
        Array.from({ length: size }, (_, i) =>
          makeProduct({ id: 1000 * (group + 1) + i, name: `Gericht ${group + 1}.${i + 1}` }),
        ),
      );
      return fixture({
        products,
        categories: sizes.map((_, group) => makeCategory({ id: group + 1, name: `Gruppe ${group + 1}` })),
        menus: [
          {
            id: 1,
            availableFrom: '2026-01-01T00:00:00.000Z',
            branches: [{ id: 1 }],
            catalog: sizes.map((size, group) => ({
              id: group + 1,
              products: Array.from({ length: size }, (_, i) => ({
                id: 1000 * (group + 1) + i,
                isEnabled: true,
              })),
            })),
          },
        ],
      });
    };
    // Three groups of 10, 5 and 3 products: the first two hold the first 12, the third follows in a transition.
    const small = await loadedRoot({ data: menuOf([10, 5, 3]) });
    small.root.branches.select('wien');
    const whole = render('/store/wien', small.root);
    expect(whole).toContain('id="category-1"');
    expect(whole).toContain('id="category-2"');
    expect(whole).not.toContain('id="category-3"');
    expect(text(whole)).toContain('Gericht 2.5');
    expect(text(whole)).not.toContain('Gericht 3.1');
    // Each card says where it stands in its group; the bar lists every group from the start.
    expect(whole).toContain('aria-posinset="1" aria-setsize="10"');
    expect(whole).toContain('data-category-link="3"');

    const large = await loadedRoot({ data: menuOf([100, 100, 100]) });
    large.root.branches.select('wien');
    const windowed = render('/store/wien', large.root);
    // The first products at once (plainly, while the windowing's chunk loads); the bar lists every group.
    expect(text(windowed)).toContain('Gericht 1.24 ');
    expect(text(windowed)).not.toContain('Gericht 1.25 ');
    expect(windowed).not.toContain('id="category-2"');
    expect(windowed).toContain('data-category-link="3"');
  });

  it("keeps the line of the cookie banner's privacy link while the shop settings load", async () => {
    const loading = render('/');
    expect(loading).toMatch(
      /<span class="content-consent__pending" aria-hidden="true">Mehr in der Datenschutzerklärung<\/span>/,
    );
    const { root } = await loadedRoot();
    expect(render('/', root)).not.toContain('content-consent__pending');
  });

  it('opens the kiosk at its screensaver, without the website header, footer or install prompt', async () => {
    const { root } = await loadedRoot();
    const html = await renderLazy('/kiosk/wien', root);
    expect(text(html)).toContain('Zum Bestellen tippen');
    expect(text(html)).toContain('Gasthaus Wien');
    expect(html).not.toContain('site-header');
    expect(html).not.toContain('site-footer');
    expect(html).not.toContain('shell-install');
  });

  it('lists the branches on / with the count line', async () => {
    const { root } = await loadedRoot();
    const body = text(render('/', root));
    expect(body).toContain('Bestellen bei Gruber & Linde');
    expect(body).toContain('2 von 2 Filialen werden angezeigt.');
    expect(body).toContain('Estrich Graz');
  });

  it('renders the 404 page for an unknown branch', async () => {
    const { root } = await loadedRoot();
    expect(text(render('/store/gibt-es-nicht', root))).toContain('404 Not Found');
  });

  it('shows the payment-failed message only on the checkout error route', async () => {
    const failed =
      'Leider ist Ihre Zahlung fehlgeschlagen. Bitte überprüfen Sie Ihre Daten und versuchen Sie es erneut.';
    expect(text(await renderLazy('/store/estrich-wien/checkout/error'))).toContain(failed);
    expect(text(await renderLazy('/store/estrich-wien/checkout'))).not.toContain(failed);
    expect(await renderLazy('/store/estrich-wien/checkout/error')).toContain('role="alert"');
  });

  it('renders the status page without showing the secret hash', async () => {
    const html = await renderLazy('/status/A-1001/geheimer-hash');
    expect(text(html)).toContain('Bestellstatus');
    expect(html).not.toContain('geheimer-hash');
  });

  it('renders the configured legal text under /site', async () => {
    const data = fixture();
    const { root } = await loadedRoot({
      data: { ...data, config: { ...data.config, imprintText: 'Gruber & Linde **GmbH**' } },
    });
    // The text is a lazy chunk inside the page: the first render starts loading it, the next shows it.
    expect(await renderLazy('/site/imprint', root)).toContain('aria-busy="true"');
    await loadMarkdownDocument();
    const html = await renderLazy('/site/imprint', root);
    expect(html).toMatch(/<h1[^>]*>Impressum<\/h1>/);
    expect(html).toContain('<strong>GmbH</strong>');
  });

  it('loads the back office as its own chunk under /backend', () => {
    const api = new ApiClient({ fetch: fakeFetch() });
    const storefront = new StorefrontRootStore({ api });
    const [root] = createRoutes({ storefront, backoffice: { api }, ...shellAndKiosk(storefront) });
    const backend = (root.children ?? []).find((face) => face.path === 'backend/*');
    expect(typeof backend?.lazy).toBe('function');
    expect(backend?.element).toBeUndefined();
  });

  // Error boundaries only act in the browser; here we check that every page sits below one that keeps
  // the shell and shows the 500 page, and that the root has a last-resort one.
  it('puts every page below an error element showing the 500 page', () => {
    const api = new ApiClient({ fetch: fakeFetch() });
    const storefront = new StorefrontRootStore({ api });
    const [root] = createRoutes({
      storefront,
      backoffice: { api },
      ...shellAndKiosk(storefront),
    });
    expect((root.errorElement as { type: unknown }).type).toBe(StandaloneErrorPage);
    const children = root.children ?? [];
    // The ticket screen (a TV), the time clock (a tablet), the counter board (a paired terminal), the
    // signage player and the kitchen display are pages of their own with the standalone error page; the faces follow.
    const standalone = children.filter((route) =>
      [
        'frontdesk/:branchId/:apiKey',
        'zeiterfassung/:branchId/:apiKey',
        'theke/:branchId',
        'signage/:identifier/:key',
        'kitchen/:branchId/:stationId',
      ].includes(route.path ?? ''),
    );
    expect(standalone).toHaveLength(5);
    for (const page of standalone)
      expect((page.errorElement as { type: unknown }).type).toBe(StandaloneErrorPage);
    const faces = children.filter((route) => !standalone.includes(route));
    // Back office, kiosk and storefront.
    expect(faces).toHaveLength(3);
    // The back office (a lazy chunk) renders its own routes; the kiosk's and storefront's are here.
    for (const face of faces.filter((f) => f.path !== 'backend/*')) {
      const boundaries = face.children ?? [];
      expect(boundaries).toHaveLength(1);
      const [boundary] = boundaries as RouteObject[];
      expect((boundary.errorElement as { type: unknown }).type).toBe(InternalErrorPage);
      expect(boundary.children?.length).toBeGreaterThan(0);
    }
  });
});

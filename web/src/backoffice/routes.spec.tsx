import { enableStaticRendering } from 'mobx-react-lite';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Routes } from '../router/router';
import { ApiClient } from '../api/ApiClient';
import { fakeFetch } from '../testing/fakeFetch';
import { BackofficeRootStore } from './BackofficeRootStore';
import { BackofficeRoutes } from './routes';

// No DOM here: the back office's routes are checked by rendering each path to HTML.
enableStaticRendering(true);

function render(path: string): string {
  const api = new ApiClient({ fetch: fakeFetch() });
  const stores = new BackofficeRootStore({ api, shopName: 'Estrich Huber' });
  return renderToString(
    <MemoryRouter path={path}>
      <Routes routes={[{ path: 'backend/*', element: <BackofficeRoutes stores={stores} /> }]} />
    </MemoryRouter>,
  );
}

describe(BackofficeRoutes.name, () => {
  it('renders the German sign-in form with labelled fields', () => {
    const html = render('/backend/login');
    expect(html).toMatch(/<label for="login-username">Benutzername<\/label>/);
    expect(html).toMatch(/<label for="login-password">Passwort<\/label>/);
    expect(html).toMatch(/<input id="login-username"[^>]*autoComplete="username"/);
    expect(html).toMatch(/<input id="login-password"[^>]*type="password"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Anmelden<\/button>/);
    expect(html).toContain('Backoffice');
    expect(html).toContain('Estrich Huber');
  });

  it('renders the 404 page for an unknown back-office path', () => {
    const html = render('/backend/unbekannt/123');
    expect(html).toContain('404 Not Found');
  });

  it('checks the session before showing an entity screen', () => {
    expect(render('/backend/catalog/products')).toContain('Anmeldung wird geprüft');
  });
});

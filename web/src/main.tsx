import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiClient } from './api/ApiClient';
import { browserEventSource } from './api/liveEvents';
import { createRoutes } from './app/routes';
import { BrowserRouter, navigateBrowser, Routes } from './router/router';
import { loginPathFor } from './backoffice/redirect';
import { KioskStore } from './kiosk/KioskStore';
import { storefrontSession } from './kiosk/session';
import { browserShellEnvironment } from './shell/registerServiceWorker';
import { ShellStore } from './shell/ShellStore';
import { browserCookieJar } from './storefront/content/consent/ConsentStore';
import { StorefrontRootStore } from './storefront/StorefrontRootStore';
import { createPublicUploader } from './storefront/uploads';
import './styles/theme.css';
import './styles/app.css';
import './styles/storefront.css';
import './styles/backoffice-shell.css';
import './shell/shell.css';
import './kiosk/kiosk.css';
import './storefront/content/content.css';

// The one place where the app's objects are created and wired; everything below gets them handed in.
const api = new ApiClient({
  // Any 401 means the session is gone: go to the sign-in page and come back afterwards.
  onUnauthorized: () => navigateBrowser(loginPathFor(window.location)),
});
// The API answers the server announced in the page's head for its first screen (/api/init, a branch page's
// catalogue) are asked for now, while the app is still starting, and taken by the stores' first requests.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
  const url = new URL(link.href, window.location.href);
  if (url.origin === window.location.origin && url.pathname.startsWith('/api/'))
    api.prefetch(url.pathname + url.search);
}
const shopName = import.meta.env.VITE_SHOP_NAME as string | undefined;
const storefront = new StorefrontRootStore({
  api,
  shopName,
  storage: window.sessionStorage,
  uploader: createPublicUploader(api),
  openEventStream: browserEventSource,
  cookies: browserCookieJar(),
});
// The back office's root store is made from these in its own chunk, on the first visit of /backend.
const backoffice = {
  api,
  shopName,
  storage: window.localStorage,
  openEventStream: browserEventSource,
};
const shell = new ShellStore(browserShellEnvironment());
const kiosk = new KioskStore(storefrontSession(storefront), () => new Date());
const routes = createRoutes({ storefront, backoffice, shell, kiosk });

const container = document.getElementById('root');
if (!container) throw new Error('#root fehlt in index.html');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <Routes routes={routes} />
    </BrowserRouter>
  </StrictMode>,
);

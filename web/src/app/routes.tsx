import type { RouteObject } from '../router/router';
import type { BackofficeRootStoreOptions } from '../backoffice/BackofficeRootStore';
import { InternalErrorPage, NotFoundPage, StandaloneErrorPage } from '../components/ErrorPage';
import { HomeRoute } from '../storefront/content/pages/HomeRoute';
import type { KioskStore } from '../kiosk/KioskStore';
import { ShellProvider } from '../shell/ShellContext';
import type { ShellStore } from '../shell/ShellStore';
import { StorefrontShell } from '../storefront/StorefrontShell';
import { StorePage } from '../storefront/pages/StorePage';
import { StorefrontLayout } from '../storefront/StorefrontLayout';
import type { StorefrontRootStore } from '../storefront/StorefrontRootStore';
import { StorefrontStoresProvider } from '../storefront/stores';

// The front-desk ticket screen (a TV at the counter) is its own chunk, outside the back office's sign-in.
const ticketScreen = () =>
  import('../backoffice/frontdesk/TicketScreenPage').then((m) => ({ Component: m.TicketScreenPage }));

// The front-desk board on a paired terminal (the device key in the fragment, a staff PIN per action) is its
// own chunk, outside the back office's sign-in (docs/decisions/frontdesk-board.md).
const counterBoard = () =>
  import('../backoffice/frontdesk/CounterBoardPage').then((m) => ({ Component: m.CounterBoardPage }));

// The kitchen display (docs/decisions/kitchen.md): its own chunk, full screen.
const kitchenDisplay = () =>
  import('../kitchen/KitchenDisplayPage').then((m) => ({ Component: m.KitchenDisplayPage }));

// Legal and content pages (blocks, gallery, markdown) are chunks of their own.
const legalPage = () =>
  import('../storefront/content/pages/LegalPage').then((m) => ({ Component: m.LegalPage }));
const contentPage = () =>
  import('../storefront/content/pages/ContentPage').then((m) => ({ Component: m.ContentPage }));

// The withdrawal function (§356a BGB) is a chunk of its own: few customers ever need it.
const withdrawal = () =>
  import('../storefront/pages/WithdrawalPage').then((m) => ({ Component: m.WithdrawalPage }));

// The staff time clock (a tablet at the staff entrance) is its own chunk, outside the back office's sign-in.
const timeClock = () => import('../timeclock/TimeClockPage').then((m) => ({ Component: m.TimeClockPage }));

// The signage player (a TV, or the desktop shell's signage mode) is its own chunk: full screen, no shop chrome.
const signagePlayer = () => import('../signage/SignagePage').then((m) => ({ Component: m.SignagePage }));

export interface AppStores {
  storefront: StorefrontRootStore;
  /** What the back office's root store is made from, in its own lazily loaded chunk. */
  backoffice: BackofficeRootStoreOptions;
  /** The app shell: service worker, update banner, install prompt. */
  shell: ShellStore;
  /** The self-service kiosk's session. */
  kiosk: KioskStore;
}

/**
 * The route table of the whole app. Each face's layout route provides that face's root store; a pathless
 * child with an errorElement keeps header and footer around the 500 page when a page throws.
 */
export function createRoutes({ storefront, backoffice, shell, kiosk }: AppStores): RouteObject[] {
  // Storefront pages after the cart are their own chunks, each with the order form's store (built on first
  // use): the branch list and the store page load first.
  const checkoutPage = () =>
    Promise.all([import('../storefront/pages/CheckoutPage'), storefront.loadCheckout()]).then(([m]) => m);
  const checkout = () => checkoutPage().then((m) => ({ Component: m.CheckoutPage }));
  const checkoutError = () => checkoutPage().then((m) => ({ element: <m.CheckoutPage paymentFailed /> }));
  // The kiosk's layout and pages are one chunk of their own (kiosk/face.ts), loaded only under /kiosk; its
  // session clears the order form, so that comes with it.
  const kioskFace = () => Promise.all([import('../kiosk/face'), storefront.loadCheckout()]).then(([m]) => m);
  const kioskMenu = () => kioskFace().then((m) => ({ Component: m.KioskMenuPage }));
  const kioskCheckout = () => kioskFace().then((m) => ({ Component: m.KioskCheckoutPage }));
  // The status page and its store (built on the first visit) are their own chunks.
  const status = () =>
    Promise.all([import('../storefront/pages/StatusPage'), storefront.loadOrderStatus()]).then(
      ([m, orderStatus]) => ({ element: <m.StatusPage orderStatus={orderStatus} /> }),
    );
  return [
    {
      errorElement: <StandaloneErrorPage />,
      children: [
        {
          // The whole back office is its own chunk (web/src/backoffice/routes.tsx): the storefront never
          // downloads it.
          path: 'backend/*',
          lazy: () =>
            import('../backoffice/routes').then((m) => ({ Component: m.createBackofficeApp(backoffice) })),
        },
        { path: 'frontdesk/:branchId/:apiKey', lazy: ticketScreen, errorElement: <StandaloneErrorPage /> },
        { path: 'zeiterfassung/:branchId/:apiKey', lazy: timeClock, errorElement: <StandaloneErrorPage /> },
        { path: 'theke/:branchId', lazy: counterBoard, errorElement: <StandaloneErrorPage /> },
        { path: 'signage/:identifier/:key', lazy: signagePlayer, errorElement: <StandaloneErrorPage /> },
        { path: 'kitchen/:branchId/:stationId', lazy: kitchenDisplay, errorElement: <StandaloneErrorPage /> },
        {
          // The self-service kiosk (docs/decisions/app-shell.md): its own layout, so the website's header,
          // footer, cookie banner and install prompt are not part of it.
          path: 'kiosk/:branch',
          selfService: true,
          lazy: () =>
            kioskFace().then(({ KioskLayout }) => ({
              element: (
                <StorefrontStoresProvider stores={storefront}>
                  <ShellProvider shell={shell}>
                    <KioskLayout kiosk={kiosk} shell={shell} />
                  </ShellProvider>
                </StorefrontStoresProvider>
              ),
            })),
          children: [
            {
              errorElement: <InternalErrorPage />,
              children: [
                { index: true, lazy: kioskMenu },
                { path: 'checkout', lazy: kioskCheckout },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
        {
          element: (
            <StorefrontStoresProvider stores={storefront}>
              <ShellProvider shell={shell}>
                <StorefrontLayout />
                <StorefrontShell shell={shell} />
              </ShellProvider>
            </StorefrontStoresProvider>
          ),
          children: [
            {
              errorElement: <InternalErrorPage />,
              children: [
                { index: true, element: <HomeRoute /> },
                { path: 'store/:branch', element: <StorePage /> },
                { path: 'store/:branch/checkout', lazy: checkout },
                { path: 'store/:branch/checkout/error', lazy: checkoutError },
                { path: 'status/:uid/:hash', lazy: status },
                { path: 'status/:uid/:hash/widerrufen', lazy: withdrawal },
                { path: 'vertrag-widerrufen', lazy: withdrawal },
                { path: 'site/*', lazy: legalPage },
                // Any other path is a content page matched by its site path (spec section 2).
                { path: '*', lazy: contentPage },
              ],
            },
          ],
        },
      ],
    },
  ];
}

import type { RouteObject } from 'react-router';
import { BackofficeLayout } from '../backoffice/BackofficeLayout';
import type { BackofficeRootStore } from '../backoffice/BackofficeRootStore';
import { NAV_AREAS } from '../backoffice/areas';
import { AreaPlaceholderPage } from '../backoffice/pages/AreaPlaceholderPage';
import { LoginPage } from '../backoffice/pages/LoginPage';
import { SignedInShell } from '../backoffice/shell/SignedInShell';
import { BackofficeStoresProvider } from '../backoffice/stores';
import { InternalErrorPage, NotFoundPage, StandaloneErrorPage } from '../components/ErrorPage';
import { KioskCheckoutPage } from '../kiosk/KioskCheckoutPage';
import { KioskLayout } from '../kiosk/KioskLayout';
import { KioskMenuPage } from '../kiosk/KioskMenuPage';
import type { KioskStore } from '../kiosk/KioskStore';
import { ShellProvider } from '../shell/ShellContext';
import type { ShellStore } from '../shell/ShellStore';
import { StorefrontShell } from '../shell/StorefrontShell';
import { CheckoutPage } from '../storefront/pages/CheckoutPage';
import { HomePage } from '../storefront/pages/HomePage';
import { SitePage } from '../storefront/pages/SitePage';
import { StatusPage } from '../storefront/pages/StatusPage';
import { StorePage } from '../storefront/pages/StorePage';
import { StorefrontLayout } from '../storefront/StorefrontLayout';
import type { StorefrontRootStore } from '../storefront/StorefrontRootStore';
import { StorefrontStoresProvider } from '../storefront/stores';

const orderBoard = () =>
  import('../backoffice/orders/OrderBoardPage').then((m) => ({ Component: m.OrderBoardPage }));

const orderHistory = () =>
  import('../backoffice/orders/OrderHistoryPage').then((m) => ({ Component: m.OrderHistoryPage }));

export interface AppStores {
  storefront: StorefrontRootStore;
  backoffice: BackofficeRootStore;
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
  return [
    {
      errorElement: <StandaloneErrorPage />,
      children: [
        {
          path: 'backend',
          element: (
            <BackofficeStoresProvider stores={backoffice}>
              <BackofficeLayout />
            </BackofficeStoresProvider>
          ),
          children: [
            {
              errorElement: <InternalErrorPage />,
              children: [
                { path: 'login', element: <LoginPage /> },
                {
                  element: <SignedInShell />,
                  children: [
                    // The order screens are their own chunk: the storefront never downloads them.
                    { index: true, lazy: orderBoard },
                    { path: 'orders', lazy: orderBoard },
                    { path: 'orders/history', lazy: orderHistory },
                    ...NAV_AREAS.filter((area) => !area.ready).map((area) => ({
                      path: area.path,
                      element: <AreaPlaceholderPage area={area.path} />,
                    })),
                  ],
                },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
        {
          // The self-service kiosk (docs/decisions/app-shell.md): its own layout, so the website's header,
          // footer, cookie banner and install prompt are not part of it.
          path: 'kiosk/:branch',
          element: (
            <StorefrontStoresProvider stores={storefront}>
              <ShellProvider shell={shell}>
                <KioskLayout kiosk={kiosk} shell={shell} />
              </ShellProvider>
            </StorefrontStoresProvider>
          ),
          children: [
            {
              errorElement: <InternalErrorPage />,
              children: [
                { index: true, element: <KioskMenuPage /> },
                { path: 'checkout', element: <KioskCheckoutPage /> },
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
                { index: true, element: <HomePage /> },
                { path: 'store/:branch', element: <StorePage /> },
                { path: 'store/:branch/checkout', element: <CheckoutPage /> },
                { path: 'store/:branch/checkout/error', element: <CheckoutPage paymentFailed /> },
                { path: 'status/:uid/:hash', element: <StatusPage /> },
                { path: 'site/*', element: <SitePage /> },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

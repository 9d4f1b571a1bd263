import { readInitPayload, type InitPayload } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { Routes, useParams, type RouteObject } from '../router/router';
import { NotFoundPage } from '../components/ErrorPage';
import { NAV_AREAS } from './areas';
import { BackofficeLayout } from './BackofficeLayout';
import { BackofficeRootStore, type BackofficeRootStoreOptions } from './BackofficeRootStore';
import { AreaIndex, AreaPage, useScreen } from './entities/AreaPage';
import { EntityScreen } from './entities/EntityFormPage';
import { EntityListPage } from './entities/EntityListPage';
import { OrderBoardPage } from './orders/OrderBoardPage';
import { OrderHistoryPage } from './orders/OrderHistoryPage';
import { ReviewsPage } from './orders/ReviewsPage';
import { SoldOutPage } from './orders/SoldOutPage';
import { AreaPlaceholderPage } from './pages/AreaPlaceholderPage';
import { LoginPage } from './pages/LoginPage';
import { KitchenSettingsPage } from './kitchen/KitchenSettingsPage';
import { PrivacyPage } from './privacy/PrivacyPage';
import { SignedInShell } from './shell/SignedInShell';
import { BackofficeStoresProvider } from './stores';

/**
 * The public configuration (`/api/init`): the shop's name for the header and the page titles, the preset
 * rejection reasons for the order panel.
 */
export async function loadShopConfig(root: BackofficeRootStore): Promise<void> {
  try {
    const payload = await root.api.get<InitPayload>('/api/init');
    const config = readInitPayload(Array.isArray(payload) ? payload : []).config;
    if (config) root.applyConfig(config);
  } catch {
    // The configured name is a nicety: the default name stays, and the screens' own calls report failures.
  }
}

/** One entity screen of an area: its list, or its form with `:id` (`new` to create). */
const ScreenRoute = observer(function ScreenRoute({ area }: { area: string }) {
  const description = useScreen(area);
  const { id } = useParams();
  if (!description) return <NotFoundPage />;
  if (description.singleton || id !== undefined)
    return <EntityScreen description={description} area={area} id={id} />;
  return <EntityListPage key={description.collection} description={description} area={area} />;
});

/** The printable QR sheet of a branch's tables, its own chunk with the QR library. */
const TableQrSheetPage = lazy(() =>
  import('./editors/tables/TableQrSheetPage').then((m) => ({ default: m.TableQrSheetPage })),
);

/** The statistics dashboard, its own chunk (charts and all) loaded on the first visit. */
const StatisticsPage = lazy(() =>
  import('./statistics/StatisticsPage').then((m) => ({ default: m.StatisticsPage })),
);

/** Areas with a hand-written screen of their own instead of entity screens. */
const OWN_SCREENS = new Set(['orders', 'statistics']);

/** The areas with entity screens (every one but the orders and the statistics, which have their own). */
const ENTITY_AREAS = NAV_AREAS.filter((area) => area.ready && !OWN_SCREENS.has(area.path));

/** Every back-office route below /backend (paths relative to it). */
export const BACKOFFICE_ROUTES: RouteObject[] = [
  {
    element: <BackofficeLayout />,
    children: [
      { path: 'login', element: <LoginPage /> },
      {
        element: <SignedInShell />,
        children: [
          { index: true, element: <OrderBoardPage /> },
          { path: 'orders', element: <OrderBoardPage /> },
          { path: 'orders/history', element: <OrderHistoryPage /> },
          { path: 'orders/reviews', element: <ReviewsPage /> },
          { path: 'orders/sold-out', element: <SoldOutPage /> },
          {
            path: 'statistics',
            element: (
              <Suspense fallback={null}>
                <StatisticsPage />
              </Suspense>
            ),
          },
          ...ENTITY_AREAS.map((area): RouteObject => ({
            path: area.path,
            element: <AreaPage area={area.path} />,
            children: [
              { index: true, element: <AreaIndex area={area.path} /> },
              ...(area.path === 'branches'
                ? [
                    { path: 'kitchen', element: <KitchenSettingsPage /> },
                    {
                      path: 'tables/qr-codes',
                      element: (
                        <Suspense fallback={null}>
                          <TableQrSheetPage />
                        </Suspense>
                      ),
                    },
                  ]
                : []),
              // "Auskunft und Löschung" (areas.ts AREA_SCREENS): a tab of the settings beside their entities.
              ...(area.path === 'settings' ? [{ path: 'privacy', element: <PrivacyPage /> }] : []),
              { path: ':screen', element: <ScreenRoute area={area.path} /> },
              { path: ':screen/:id', element: <ScreenRoute area={area.path} /> },
            ],
          })),
          ...NAV_AREAS.filter((area) => !area.ready).map((area): RouteObject => ({
            path: area.path,
            element: <AreaPlaceholderPage area={area.path} />,
          })),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The back office's routes for the root store `stores`. */
export function BackofficeRoutes({ stores }: { stores: BackofficeRootStore }) {
  return (
    <BackofficeStoresProvider stores={stores}>
      <Routes routes={BACKOFFICE_ROUTES} />
    </BackofficeStoresProvider>
  );
}

/**
 * The whole back office as one lazily loaded chunk (`/backend/*`): the root store is made here, on the
 * first visit of a back-office page, so the storefront's bundle carries none of its code.
 */
export function createBackofficeApp(options: BackofficeRootStoreOptions) {
  const stores = new BackofficeRootStore(options);
  void loadShopConfig(stores);
  return function BackofficeApp() {
    return <BackofficeRoutes stores={stores} />;
  };
}

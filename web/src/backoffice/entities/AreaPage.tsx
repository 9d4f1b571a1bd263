import { marketProfile } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { Navigate, NavLink, Outlet, useLocation, useParams } from '../../router/router';
import { NAV_AREAS, ownScreensOf } from '../areas';
import { useStores } from '../stores';
import { inMarket, screensOf } from './access';
import './entities.css';

/** One area of the navigation: its entity screens (and hand-written ones) as tabs, the chosen one below. */
export const AreaPage = observer(function AreaPage({ area }: { area: string }) {
  const { auth } = useStores();
  const tabs = [
    ...screensOf(area, auth.roles).map((screen) => ({ path: screen.path, label: screen.plural })),
    ...ownScreensOf(area, auth.roles),
  ];
  const label = NAV_AREAS.find((a) => a.path === area)?.label ?? 'Bereich';
  if (tabs.length === 0) {
    return (
      <section className="bo-page card">
        <h1>{label}</h1>
        <p>Für diesen Bereich fehlt Ihnen die Berechtigung.</p>
      </section>
    );
  }
  return (
    <div className="bo-area">
      <nav className="bo-tabs" aria-label={label}>
        {tabs.map((tab) => (
          <NavLink
            key={tab.path}
            to={`/backend/${area}/${tab.path}`}
            className={({ isActive }) => (isActive ? 'bo-tab bo-tab--active' : 'bo-tab')}
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
});

/** `/backend/{area}`: the area's first screen. */
export const AreaIndex = observer(function AreaIndex({ area }: { area: string }) {
  const { auth } = useStores();
  const { search } = useLocation();
  const [first] = screensOf(area, auth.roles);
  // The query stays (a terminal's pairing QR opens /backend/devices?pair=…).
  return first ? <Navigate to={`/backend/${area}/${first.path}${search}`} replace /> : null;
});

/** The screen's description from the path (in the shop's market's words), or nothing when the role may not read it. */
export function useScreen(area: string) {
  const { auth, config } = useStores();
  const { screen } = useParams();
  const description = screensOf(area, auth.roles).find((d) => d.path === screen);
  return description && inMarket(description, marketProfile(config?.market));
}

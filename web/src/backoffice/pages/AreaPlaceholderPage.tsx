import { observer } from 'mobx-react-lite';
import { Link } from '../../router/router';
import { PageTitle } from '../../components/PageTitle';
import { NAV_AREAS, visibleAreas } from '../areas';
import { useStores } from '../stores';

/** An area without screens yet: says so honestly instead of showing invented data. */
export const AreaPlaceholderPage = observer(function AreaPlaceholderPage({ area }: { area: string }) {
  const { ui, auth } = useStores();
  const entry = NAV_AREAS.find((a) => a.path === area);
  const label = entry?.label ?? 'Bereich';
  const allowed = visibleAreas(auth.roles).some((a) => a.path === area);
  return (
    <section className="page" aria-labelledby="area-title">
      <PageTitle title={label} shopName={ui.shopName} />
      <h1 id="area-title">{label}</h1>
      <div className="card">
        {allowed ? (
          <p>
            Dieser Bereich ist in Vorbereitung. Bis dahin lassen sich die Daten über die API bearbeiten (
            <a href="/api/docs">API-Dokumentation</a>).
          </p>
        ) : (
          <p>Für diesen Bereich fehlt Ihnen die Berechtigung.</p>
        )}
        <Link className="button button--primary" to="/backend/orders">
          Zu den Bestellungen
        </Link>
      </div>
    </section>
  );
});

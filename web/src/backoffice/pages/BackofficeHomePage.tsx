import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { LOGIN_PATH } from '../redirect';
import { useStores } from '../stores';

// Placeholder start page of the back office; the order board comes first in the next issues.
export const BackofficeHomePage = observer(function BackofficeHomePage() {
  const { ui, auth } = useStores();
  return (
    <section className="page" aria-labelledby="backoffice-title">
      <PageTitle title="Backoffice" shopName={ui.shopName} />
      <h1 id="backoffice-title">Backoffice</h1>
      <div className="card">
        {auth.user ? (
          <p>
            Angemeldet als <strong>{auth.user.username}</strong>. Die Verwaltungsbereiche folgen in Kürze.
          </p>
        ) : (
          <>
            <p>Bitte melden Sie sich an, um das Backoffice zu nutzen.</p>
            <Link className="button button--primary" to={LOGIN_PATH}>
              Zur Anmeldung
            </Link>
          </>
        )}
      </div>
    </section>
  );
});

import { observer } from 'mobx-react-lite';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { useStores } from '../stores';

// Placeholder for the branch menu and cart (orders issue).
export const StorePage = observer(function StorePage() {
  const { ui } = useStores();
  const branch = useParams().branch ?? '';
  return (
    <section className="page" aria-labelledby="store-title">
      <PageTitle title="Sortiment" shopName={ui.shopName} />
      <h1 id="store-title">Sortiment</h1>
      <p className="page__lead">
        Filiale <strong>{branch}</strong>
      </p>
      <div className="card">
        <p>Das Sortiment dieser Filiale steht in Kürze hier zur Auswahl bereit.</p>
        <Link className="button button--primary" to={`/store/${encodeURIComponent(branch)}/checkout`}>
          Zur Kasse
        </Link>
      </div>
    </section>
  );
});

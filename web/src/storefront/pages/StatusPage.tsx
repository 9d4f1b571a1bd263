import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { useStores } from '../stores';

// Placeholder for the public order status page; the hash is the secret and is never displayed.
export const StatusPage = observer(function StatusPage() {
  const { ui } = useStores();
  const uid = useParams().uid ?? '';
  return (
    <section className="page" aria-labelledby="status-title">
      <PageTitle title="Bestellstatus" shopName={ui.shopName} />
      <h1 id="status-title">Bestellstatus</h1>
      <div className="card">
        <p>
          Bestellung <strong>{uid}</strong>
        </p>
        <p className="muted">Der aktuelle Stand Ihrer Bestellung wird hier in Kürze angezeigt.</p>
      </div>
    </section>
  );
});

import { observer } from 'mobx-react-lite';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { messages } from '../../i18n/messages';
import { useStores } from '../stores';

/** Checkout; under /checkout/error the payment provider sent the customer back after a failed payment. */
export const CheckoutPage = observer(function CheckoutPage({
  paymentFailed = false,
}: {
  paymentFailed?: boolean;
}) {
  const { ui } = useStores();
  const branch = useParams().branch ?? '';
  return (
    <section className="page" aria-labelledby="checkout-title">
      <PageTitle title="Kasse" shopName={ui.shopName} />
      <h1 id="checkout-title">Kasse</h1>
      {paymentFailed && (
        <div className="alert alert--error" role="alert">
          {messages.paymentFailed}
        </div>
      )}
      <div className="card">
        <p>Hier schließen Sie Ihre Bestellung ab. Das Bestellformular folgt in Kürze.</p>
        <Link className="button button--secondary" to={`/store/${encodeURIComponent(branch)}`}>
          Zurück zum Sortiment
        </Link>
      </div>
    </section>
  );
});

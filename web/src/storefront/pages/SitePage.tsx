import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/ErrorPage';
import { PageTitle } from '../../components/PageTitle';
import { legalPages } from '../../i18n/messages';
import { useStores } from '../stores';

// Content pages come from the site entities later; until then the legal pages have a placeholder
// and every other path is, as the specification says for a missing site, the 404 page.
export const SitePage = observer(function SitePage() {
  const { ui } = useStores();
  const path = useParams()['*'] ?? '';
  const legal = legalPages.find((page) => page.path === path.replace(/\/+$/, ''));
  if (!legal) return <NotFoundPage />;
  return (
    <article className="page" aria-labelledby="site-title">
      <PageTitle title={legal.title} shopName={ui.shopName} />
      <h1 id="site-title">{legal.title}</h1>
      <div className="card">
        <p>Dieser Inhalt wird in Kürze ergänzt.</p>
      </div>
    </article>
  );
});

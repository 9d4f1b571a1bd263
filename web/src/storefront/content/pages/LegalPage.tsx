import { ALLERGENS } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { Navigate, useParams } from '../../../router/router';
import { NotFoundPage } from '../../../components/ErrorPage';
import { Markdown } from '../../../components/Markdown';
import { PageTitle } from '../../../components/PageTitle';
import { LoadState } from '../../components/LoadState';
import { useStores } from '../../stores';
import { legalEntry } from '../legal';
import { SiteAt, sitePathOf } from './ContentPage';

/**
 * `/site/terms-and-conditions`, `/site/privacy`, `/site/imprint`, `/site/allergens` (spec section 2): the
 * configured text; without one, the configured address (a shop path is followed, an outside address is
 * linked). Other `/site/…` paths are content pages like any other path.
 */
export const LegalPage = observer(function LegalPage() {
  const splat = sitePathOf(useParams()['*'] ?? '');
  return (
    <LoadState>
      <LegalBody path={splat} />
    </LoadState>
  );
});

const LegalBody = observer(function LegalBody({ path }: { path: string }) {
  const { ui, data } = useStores();
  const entry = legalEntry(path, data.config);
  if (!entry) return <SiteAt path={`site/${path}`} />;
  // The allergen page always has the legend of the letters the products show; a shop's text comes first.
  const legend = entry.path === 'allergens' && !entry.url?.startsWith('/');
  if (entry.text || (legend && !entry.url))
    return (
      <article className="content-page content-legal" aria-labelledby="legal-title">
        <PageTitle title={entry.title} shopName={ui.shopName} />
        <h1 id="legal-title">{entry.title}</h1>
        {entry.text && <Markdown className="content-legal__text" text={entry.text} />}
        {legend && <AllergenLegend />}
      </article>
    );
  // A shop path is followed (never to this very route, which would loop).
  if (entry.url?.startsWith('/') && entry.url.replace(/\/+$/, '') !== `/site/${entry.path}`)
    return <Navigate to={entry.url} replace />;
  if (entry.url?.startsWith('/')) return <NotFoundPage />;
  if (entry.url)
    return (
      <article className="content-page content-legal" aria-labelledby="legal-title">
        <PageTitle title={entry.title} shopName={ui.shopName} />
        <h1 id="legal-title">{entry.title}</h1>
        <p>
          <a className="button button--primary" href={entry.url} target="_blank" rel="noopener noreferrer">
            {entry.title} öffnen
            <span className="visually-hidden"> (öffnet in neuem Tab)</span>
          </a>
        </p>
        {legend && <AllergenLegend />}
      </article>
    );
  return <NotFoundPage />;
});

/** The 14 EU allergens with the letters the product cards show (Austrian codes A–R). */
export function AllergenLegend() {
  return (
    <section className="allergen-legend" aria-labelledby="allergen-legend-title">
      <h2 id="allergen-legend-title">Allergenkennzeichnung</h2>
      <dl className="allergen-legend__list">
        {ALLERGENS.map((allergen) => (
          <div key={allergen.code} className="allergen-legend__entry">
            <dt className="allergen-legend__code">{allergen.code}</dt>
            <dd>{allergen.long}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

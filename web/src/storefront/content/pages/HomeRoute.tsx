import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from '../../../router/router';
import { LoadState } from '../../components/LoadState';
import { HomePage } from '../../pages/HomePage';
import { useStores } from '../../stores';
import { scrollToContact } from '../layout/navigation';

// Variant A and the block-built sites are chunks of their own: the branch list (variant B) loads first.
const HomeVariantA = lazy(() => import('./HomeVariantA').then((m) => ({ default: m.HomeVariantA })));
const ContentSite = lazy(() => import('./ContentSite').then((m) => ({ default: m.ContentSite })));

/**
 * `/` (spec section 2): home variant A with the home-page plugin on; otherwise the site stored under the
 * empty path when there is one, else variant B, the branch list (docs/decisions/content.md).
 */
export const HomeRoute = observer(function HomeRoute() {
  const { data } = useStores();
  if (!data.isLoaded && data.status !== 'error')
    return (
      <LoadState>
        <></>
      </LoadState>
    );
  if (data.config?.enablePluginHomePage)
    return (
      <Suspense fallback={null}>
        <WithContactHash>
          <HomeVariantA />
        </WithContactHash>
      </Suspense>
    );
  const site = data.sites.find((candidate) => candidate.path === '');
  if (site)
    return (
      <Suspense fallback={null}>
        <WithContactHash>
          <ContentSite site={site} />
        </WithContactHash>
      </Suspense>
    );
  return <HomePage />;
});

/**
 * `/#kontakt` (a link from another page) scrolls to the contact anchor with the header's offset; inside the
 * Suspense boundary, so it runs once the lazy page is there.
 */
function WithContactHash({ children }: { children: React.ReactNode }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#kontakt') scrollToContact();
  }, [hash]);
  return <>{children}</>;
}

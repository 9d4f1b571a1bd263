import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation } from '../../app/router';
import { LoadState } from '../../storefront/components/LoadState';
import { HomePage } from '../../storefront/pages/HomePage';
import { useStores } from '../../storefront/stores';
import { scrollToContact } from '../layout/navigation';
import { ContentSite } from './ContentSite';
import { HomeVariantA } from './HomeVariantA';

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
      <WithContactHash>
        <HomeVariantA />
      </WithContactHash>
    );
  const site = data.sites.find((candidate) => candidate.path === '');
  if (site)
    return (
      <WithContactHash>
        <ContentSite site={site} />
      </WithContactHash>
    );
  return <HomePage />;
});

/** `/#kontakt` (a link from another page) scrolls to the contact anchor with the header's offset. */
function WithContactHash({ children }: { children: React.ReactNode }) {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#kontakt') scrollToContact();
  }, [hash]);
  return <>{children}</>;
}

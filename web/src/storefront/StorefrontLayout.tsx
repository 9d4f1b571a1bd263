import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation } from '../router/router';
import { ShellLayout } from '../components/ShellLayout';
import { ContentTracking } from './content/analytics/ContentTracking';
import { CookieBanner } from './content/consent/CookieBanner';
import { ContentFooter } from './content/layout/ContentFooter';
import { HeaderNavigation } from './content/layout/HeaderNavigation';
import { Toolbar } from './components/Toolbar';
import { useStores } from './stores';

export const StorefrontLayout = observer(function StorefrontLayout() {
  const root = useStores();
  // Data, the ticking clock and the 4-hour reload check live as long as the storefront is shown.
  useEffect(() => root.start(), [root]);
  // A new page starts at its top (a link in the cart panel must not land mid-checkout); anchors keep theirs.
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return (
    <ShellLayout
      ui={root.ui}
      className="shell--storefront"
      toolbar={<Toolbar />}
      headerItems={<HeaderNavigation />}
      footer={<ContentFooter />}
    >
      <ContentTracking />
      <CookieBanner />
    </ShellLayout>
  );
});

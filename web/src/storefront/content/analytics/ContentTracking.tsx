import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation } from '../../../router/router';
import { useStores } from '../../stores';
import { commercePayload } from './AnalyticsStore';

const CHECKOUT = /^\/store\/[^/]+\/checkout\/?$/;

/**
 * Page views (and the checkout's `initiate_checkout`) of the storefront, once per page and again when the
 * visitor consents on a page. Renders nothing.
 */
export const ContentTracking = observer(function ContentTracking() {
  const { analytics, consent, cart, data } = useStores();
  const { pathname } = useLocation();
  const accepted = consent.statistics;
  useEffect(() => {
    if (!accepted) return;
    // The page's <title> is set while it renders: read it once the browser has painted.
    const timer = setTimeout(() => {
      void analytics.pageView(pathname, document.title);
      if (CHECKOUT.test(pathname) && !cart.isEmpty)
        void analytics.commerce(
          'initiate_checkout',
          commercePayload(cart.items, cart.totals, data.currency),
          pathname,
        );
    }, 0);
    return () => clearTimeout(timer);
  }, [accepted, pathname, analytics, cart, data]);
  return null;
});

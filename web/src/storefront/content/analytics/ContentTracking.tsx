import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation } from '../../../router/router';
import { useStores } from '../../stores';
import { commercePayload } from './AnalyticsStore';

const CHECKOUT = /^\/store\/[^/]+\/checkout\/?$/;

/** The links whose use is an analytics event (spec: type `event` with name, text and data). */
export function eventOfLink(href: string): string | null {
  if (href.startsWith('tel:')) return 'call';
  if (href.startsWith('mailto:')) return 'email';
  if (/^https:\/\/(wa\.me|api\.whatsapp\.com)\//.test(href)) return 'whatsapp';
  if (/^https:\/\/www\.google\.com\/maps\/dir\//.test(href)) return 'directions';
  return null;
}

/**
 * Page views (and the checkout's `initiate_checkout`) of the storefront, once per page and again when the
 * visitor allows the statistics on a page, and the events of contact links. Only while the statistics are
 * allowed: a withdrawal stops them at once. The ad pixel's page view likewise, only while it runs (a
 * configured pixel id and the marketing consent). Renders nothing.
 */
export const ContentTracking = observer(function ContentTracking() {
  const { analytics, adPixel, consent, cart, data } = useStores();
  const { pathname } = useLocation();
  const accepted = consent.statistics;
  const pixel = adPixel.active;
  useEffect(() => {
    if (!pixel) return;
    const timer = setTimeout(() => adPixel.pageView(), 0);
    return () => clearTimeout(timer);
  }, [pixel, pathname, adPixel]);
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
  // Calls, e-mails, WhatsApp and directions: one delegated listener, only while the statistics are allowed.
  useEffect(() => {
    if (!accepted) return;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      const href = link?.getAttribute('href') ?? '';
      const name = eventOfLink(href);
      if (link && name) void analytics.event(name, link.textContent ?? '', {}, window.location.pathname);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [accepted, analytics]);
  return null;
});

import { observer } from 'mobx-react-lite';
import { startTransition, useEffect, useState } from 'react';
import { useParams, useSearchParams } from '../../router/router';
import { NotFoundPage } from '../../components/ErrorPage';
import { PageTitle } from '../../components/PageTitle';
import { CartBar, CartNotification, CartPanel } from '../components/CartPanel';
import { CatalogFilter, NoHits } from '../components/CatalogFilter';
import { CategoryBar, groupElementId } from '../components/CategoryBar';
import { LoadState } from '../components/LoadState';
import { ProductCard } from '../components/ProductCard';
import { LazyProductModal } from '../components/LazyProductModal';
import { StoreBanner } from '../components/StoreBanner';
import { TableConfirmation } from '../components/TableConfirmation';
import { useSelectedBranch } from '../components/useSelectedBranch';
import { imageUrl } from '../format';
import { categoryScrollOffset } from '../stores/scrolling';
import { useStores } from '../stores';
import { texts } from '../texts';

/** The branch store page `/store/{identifier}` (spec section 2). */
export const StorePage = observer(function StorePage() {
  const identifier = useParams().branch ?? '';
  return (
    <LoadState>
      <Store identifier={identifier} />
    </LoadState>
  );
});

const Store = observer(function Store({ identifier }: { identifier: string }) {
  const root = useStores();
  const { ui, cart, catalog, tableLinks } = root;
  const { branch, ready } = useSelectedBranch(identifier);
  // A table's QR code (`?table=`): dine-in with that table, kept for the checkout; the parameter is then
  // dropped from the address, so a reload or "back" keeps the guest's later choices.
  const [params, setParams] = useSearchParams();
  const tableLink = params.get('table');
  useEffect(() => {
    if (!ready || tableLink === null) return;
    let current = true;
    // The order form's store is its own chunk (built on first use).
    void root.loadCheckout().then((checkout) => {
      if (!current) return;
      checkout.applyTableLink(tableLink);
      setParams(
        (search) => {
          const next = new URLSearchParams(search);
          next.delete('table');
          return next;
        },
        { replace: true },
      );
    });
    return () => {
      current = false;
    };
  }, [ready, tableLink, root, setParams]);
  const groups = catalog.shownGroups;
  const shown = useProgressiveGroups(ready ? groups : [], (group) => group.products.length);
  if (!branch) return <NotFoundPage />;
  if (!ready) return null;

  return (
    <div
      className={`store${cart.isPanelVisible ? ' store--cart-open' : ''}`}
      data-menu-complete={shown.length === groups.length}
    >
      <PageTitle title={branch.name} shopName={ui.shopName} />
      <StoreBanner branch={branch} />
      {cart.orderType === 'dineIn' && tableLinks.of(branch.id) && (
        <TableConfirmation identifier={tableLinks.of(branch.id)!.identifier} />
      )}
      <CatalogFilter />
      <CategoryBar />
      {catalog.groups.length === 0 ? (
        <p className="card">{texts.noMenu}</p>
      ) : groups.length === 0 ? (
        <NoHits />
      ) : (
        shown.map((group) => (
          <section
            key={group.category.id}
            id={groupElementId(group.category.id)}
            className="product-group"
            aria-labelledby={`${groupElementId(group.category.id)}-title`}
          >
            {group.category.image && (
              <img
                className="product-group__image"
                src={imageUrl(group.category.image, 'category')}
                alt=""
                width={800}
                height={450}
                loading="lazy"
                decoding="async"
              />
            )}
            <h2 id={`${groupElementId(group.category.id)}-title`} className="product-group__title">
              {group.category.name}
            </h2>
            {group.category.description && (
              <p className="product-group__description">{group.category.description}</p>
            )}
            <ul className="product-grid">
              {group.products.map(({ product, visibility }) => (
                <ProductCard key={product.id} product={product} visibility={visibility} oneTap />
              ))}
            </ul>
          </section>
        ))
      )}
      <CartPanel />
      <CartBar />
      <CartNotification />
      <LazyProductModal />
    </div>
  );
});

/** Products rendered at once when the menu arrives: enough to fill a phone or a desktop window. */
export const FIRST_PRODUCTS = 12;

/**
 * The groups to render: first those holding the first {@link FIRST_PRODUCTS} products, the rest in a React
 * transition right after, which React renders in slices of a few milliseconds. Rendering a whole menu in one
 * go was the store page's one long task (about 250 ms on a phone; issue 10's Lighthouse run). A `#category-…`
 * address gets every group at once, and a jump to a group that was not there yet is made when it is.
 */
function useProgressiveGroups<T>(groups: readonly T[], size: (group: T) => number): readonly T[] {
  const [all, setAll] = useState(
    () => typeof window !== 'undefined' && window.location.hash.startsWith('#category-'),
  );
  let first = 0;
  for (let count = 0; first < groups.length && count < FIRST_PRODUCTS; first++) count += size(groups[first]);
  const complete = all || first >= groups.length;
  useEffect(() => {
    if (complete || groups.length === 0) return;
    const timer = setTimeout(() => startTransition(() => setAll(true)), 0);
    return () => clearTimeout(timer);
  }, [complete, groups.length]);
  useEffect(() => {
    if (!all || groups.length === 0) return;
    const target = window.location.hash.startsWith('#category-')
      ? document.getElementById(window.location.hash.slice(1))
      : null;
    if (target)
      window.scrollTo({
        top: target.getBoundingClientRect().top + window.scrollY - categoryScrollOffset(window.innerWidth),
      });
  }, [all, groups.length]);
  return complete ? groups : groups.slice(0, first);
}

import { observer } from 'mobx-react-lite';
import type { Category, Product } from '@ordering/common';
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from '../../router/router';
import { NotFoundPage } from '../../components/ErrorPage';
import { PageTitle } from '../../components/PageTitle';
import { CartBar, CartNotification, CartPanel } from '../components/CartPanel';
import { CatalogFilter, NoHits } from '../components/CatalogFilter';
import { CatalogList, type CatalogJump } from '../components/CatalogList';
import type { CatalogRow } from '../components/catalogRows';
import { CategoryBar } from '../components/CategoryBar';
import { LoadState, MenuLoadState } from '../components/LoadState';
import { ProductCard } from '../components/ProductCard';
import { LazyProductModal } from '../components/LazyProductModal';
import { StoreBanner } from '../components/StoreBanner';
import { TableConfirmation } from '../components/TableConfirmation';
import { useSelectedBranch } from '../components/useSelectedBranch';
import { imageUrl } from '../format';
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
  const jump = useRef<CatalogJump | null>(null);
  if (!branch) return <NotFoundPage />;
  if (!ready) return null;

  return (
    <div className={`store${cart.isPanelVisible ? ' store--cart-open' : ''}`}>
      <PageTitle title={branch.name} shopName={ui.shopName} />
      <StoreBanner branch={branch} />
      {cart.orderType === 'dineIn' && tableLinks.of(branch.id) && (
        <TableConfirmation identifier={tableLinks.of(branch.id)!.identifier} />
      )}
      <CatalogFilter />
      <CategoryBar onJump={(id) => jump.current?.(id) ?? null} />
      <MenuLoadState>
        {catalog.groups.length === 0 ? (
          <p className="card">{texts.noMenu}</p>
        ) : groups.length === 0 ? (
          <NoHits />
        ) : (
          <CatalogList
            groups={groups}
            jumpRef={jump}
            estimate={estimateStoreRow}
            sectionClass="product-group"
            gridClass="product-grid"
            label={(group) => group.category.name}
            head={(group, titleId) => (
              <>
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
                <h2 id={titleId} className="product-group__title">
                  {group.category.name}
                </h2>
                {group.category.description && (
                  <p className="product-group__description">{group.category.description}</p>
                )}
              </>
            )}
            card={({ product, visibility }, position) => (
              <ProductCard
                key={product.id}
                product={product}
                visibility={visibility}
                position={position}
                oneTap
              />
            )}
          />
        )}
      </MenuLoadState>
      <CartPanel />
      <CartBar />
      <CartNotification />
      <LazyProductModal />
    </div>
  );
});

/**
 * A first guess of a line's height on the store page before it is measured: a heading (with its picture
 * when it has one), a row of cards (about 9.5 rem with the gap). Measured lines replace the guess.
 */
function estimateStoreRow(row: CatalogRow<Category, Product>): number {
  if (row.kind === 'row') return 152 + (row.last ? 40 : 16);
  return (row.group.category.image ? 240 : 0) + (row.group.category.description ? 80 : 48);
}

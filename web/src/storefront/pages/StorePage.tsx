import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useParams, useSearchParams } from '../../app/router';
import { NotFoundPage } from '../../components/ErrorPage';
import { PageTitle } from '../../components/PageTitle';
import { CartBar, CartNotification, CartPanel } from '../components/CartPanel';
import { CategoryBar, groupElementId } from '../components/CategoryBar';
import { LoadState } from '../components/LoadState';
import { ProductCard } from '../components/ProductCard';
import { LazyProductModal } from '../components/LazyProductModal';
import { StoreBanner } from '../components/StoreBanner';
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
  const { ui, cart, catalog } = root;
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
  if (!branch) return <NotFoundPage />;
  if (!ready) return null;

  const groups = catalog.groups;
  return (
    <div className={`store${cart.isPanelVisible ? ' store--cart-open' : ''}`}>
      <PageTitle title={branch.name} shopName={ui.shopName} />
      <StoreBanner branch={branch} />
      <CategoryBar />
      {groups.length === 0 ? (
        <p className="card">{texts.noMenu}</p>
      ) : (
        groups.map((group) => (
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
                <ProductCard key={product.id} product={product} visibility={visibility} />
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

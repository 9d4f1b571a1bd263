import { toCents, type Category, type Product, type Visibility } from '@ordering/common';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { imageUrl, productPriceText } from '../storefront/format';
import type { CatalogGroup } from '@ordering/common';
import { useStores } from '../storefront/stores';
import { useKioskTexts } from './KioskContext';
import { useCatalogText, useLanguage } from '../storefront/catalogLanguage';

/**
 * What the upsell step offers after `addedId` was added: the products its category names
 * (`upsellProducts`, in that order) that the menu shows as available, not sold out, not the added product
 * and not already in the cart. Empty: no step.
 */
export function upsellOffers(
  groups: readonly CatalogGroup<Category, Product>[],
  addedId: number,
  inCart: ReadonlySet<number>,
  isSoldOut: (id: number) => boolean,
): Product[] {
  const group = groups.find((g) => g.products.some((entry) => entry.product.id === addedId));
  const wanted = group?.category.upsellProducts ?? [];
  const available = new Map<number, { product: Product; visibility: Visibility }>();
  for (const g of groups) for (const entry of g.products) available.set(entry.product.id, entry);
  return wanted.flatMap(({ id }) => {
    const entry = available.get(id);
    if (!entry || entry.visibility !== 'available' || isSoldOut(id)) return [];
    if (id === addedId || inCart.has(id)) return [];
    return [entry.product];
  });
}

/**
 * The kiosk's upsell step (docs/decisions/kiosk.md): once after each product the guest adds, the products
 * its category offers with it, as large cards, and "Nein, danke". A product without options goes into the
 * cart at once, one with options opens the configurator; adding one from here asks nothing further.
 */
export const KioskUpsell = observer(function KioskUpsell() {
  const language = useLanguage();
  const { cart, catalog, data, soldOut } = useStores();
  const kioskTexts = useKioskTexts();
  const text = useCatalogText();
  const [offers, setOffers] = useState<Product[]>([]);
  const picked = useRef<number | null>(null);
  const noThanks = useRef<HTMLButtonElement>(null);

  useEffect(
    () =>
      reaction(
        () => cart.lastAdded,
        (added) => {
          if (!added) return;
          if (picked.current === added.productId) {
            picked.current = null;
            return;
          }
          const inCart = new Set(cart.items.map((item) => item.product.id));
          setOffers(
            upsellOffers(catalog.groups, added.productId, inCart, (id) => soldOut.isProductSoldOut(id)),
          );
        },
      ),
    [cart, catalog, soldOut],
  );
  useEffect(() => {
    if (offers.length > 0) noThanks.current?.focus();
  }, [offers]);

  if (offers.length === 0) return null;
  const take = (product: Product) => {
    picked.current = product.id;
    setOffers([]);
    cart.addProduct(product);
  };
  return (
    <div className="kiosk-backdrop">
      <div
        className="kiosk-dialog kiosk-upsell"
        role="dialog"
        aria-modal="true"
        aria-labelledby="kiosk-upsell-title"
      >
        <h2 id="kiosk-upsell-title" className="kiosk-dialog__title">
          {kioskTexts.upsellTitle}
        </h2>
        <ul className="kiosk-upsell__list">
          {offers.map((product) => {
            const image = product.images?.[0];
            return (
              <li key={product.id}>
                <button type="button" className="kiosk-upsell__card" onClick={() => take(product)}>
                  {image && (
                    <img
                      className="kiosk-upsell__image"
                      src={imageUrl(image, 'small')}
                      alt=""
                      width={320}
                      height={320}
                    />
                  )}
                  <span className="kiosk-upsell__name">{text.name(product)}</span>
                  <span className="kiosk-upsell__price">
                    {productPriceText(
                      toCents(product.price),
                      product.calculationModel,
                      product.unit,
                      data.currency,
                      product.isPriceHidden,
                      language,
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        <div className="kiosk-dialog__actions">
          <button
            ref={noThanks}
            type="button"
            className="kiosk-button kiosk-button--secondary"
            onClick={() => setOffers([])}
          >
            {kioskTexts.noThanks}
          </button>
        </div>
      </div>
    </div>
  );
});

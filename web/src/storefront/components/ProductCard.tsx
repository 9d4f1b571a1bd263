import {
  allergenDeclaration,
  stripHtml,
  toCents,
  truncate,
  type Product,
  type Visibility,
} from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { imageSrcSet, imageUrl, productPriceText } from '../format';
import { BasePrice } from './BasePrice';
import { useStores } from '../stores';
import { useCatalogText, useLanguage, useTexts } from '../catalogLanguage';

/**
 * A product of a group: a button opening the modal — or, with `oneTap` (the store page), adding a product
 * without options at once; unavailable products are shown disabled.
 */
export const ProductCard = observer(function ProductCard({
  product,
  visibility,
  oneTap = false,
  position,
}: {
  product: Product;
  visibility: Visibility;
  oneTap?: boolean;
  /** Its place in the group when the menu is windowed (the list on screen holds only a row of it). */
  position?: { index: number; size: number };
}) {
  const language = useLanguage();
  const texts = useTexts();
  const { cart, data, soldOut } = useStores();
  const image = product.images?.[0];
  const isSoldOut = soldOut.isProductSoldOut(product.id);
  const disabled = visibility !== 'available' || isSoldOut;
  const text = useCatalogText();
  const description = truncate(stripHtml(text.description(product)), 140);
  const allergens = allergenDeclaration(product);
  return (
    <li
      aria-posinset={position ? position.index + 1 : undefined}
      aria-setsize={position?.size}
      className={`product-card${disabled ? ' product-card--disabled' : ''}${isSoldOut ? ' product-card--sold-out' : ''}`}
    >
      <button
        type="button"
        className="product-card__button"
        disabled={disabled}
        onClick={() => (oneTap ? cart.addProduct(product) : cart.startProduct(product))}
        aria-describedby={disabled ? `product-${product.id}-unavailable` : undefined}
      >
        {image && (
          <img
            className="product-card__image"
            src={imageUrl(image, 'small')}
            // a 6rem box: 320 px covers up to 3× density, the square 600 px cut beyond
            srcSet={imageSrcSet(image, ['small', 'product'])}
            sizes="6rem"
            alt=""
            width={320}
            height={320}
            loading="lazy"
            decoding="async"
          />
        )}
        <span className="product-card__body">
          <span className="product-card__name">{text.name(product)}</span>
          {description && <span className="product-card__description">{description}</span>}
          {allergens && (
            <span className="product-card__allergens">
              {texts.allergens}: {allergens}
            </span>
          )}
          <span className="product-card__footer">
            <span className="product-card__price">
              {productPriceText(
                toCents(product.price),
                product.calculationModel,
                product.unit,
                data.currency,
                product.isPriceHidden,
                language,
              )}
              <BasePrice product={product} className="product-card__base-price" />
            </span>
            {disabled ? (
              <span id={`product-${product.id}-unavailable`} className="product-card__unavailable">
                {isSoldOut ? texts.soldOut : texts.unavailable}
              </span>
            ) : (
              <span className="product-card__add" aria-hidden="true">
                +
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
});

import {
  deliveryHints,
  formatMoney,
  type CartItem,
  type ConfigurablePart,
  type PartValue,
} from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { Link } from '../../router/router';
import { formatPrice, formatQuantity } from '../format';
import { BasePrice } from './BasePrice';
import { PriceNote } from './PriceNote';
import { useStores } from '../stores';
import { texts as germanTexts, type StorefrontTexts } from '../texts';
import { useCatalogText, useLanguage, useT, useTexts } from '../catalogLanguage';

function partText(
  part: ConfigurablePart,
  value: PartValue | undefined,
  texts: StorefrontTexts,
): string | null {
  if (part.type === 'select') return typeof value === 'number' ? (part.options[value]?.name ?? null) : null;
  if (part.type === 'multiselect') {
    const names = Array.isArray(value)
      ? value.map((index) => (typeof index === 'number' ? part.options[index]?.name : null)).filter(Boolean)
      : [];
    return names.length > 0 ? names.join(', ') : null;
  }
  if (part.type === 'text' || part.type === 'textarea')
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  return Array.isArray(value) && value.length > 0 ? texts.files(value.length) : null;
}

/** The choices of an item in one line: "Kalb · Pommes frites, Preiselbeeren". */
export function itemSummary(
  parts: readonly ConfigurablePart[],
  item: CartItem,
  texts: StorefrontTexts = germanTexts,
): string {
  return parts
    .map((part, index) => partText(part, item.parts[index], texts))
    .filter((text): text is string => !!text)
    .join(' · ');
}

/** The floating bar: count and total; opens the panel. Not shown while the cart is empty. */
export const CartBar = observer(function CartBar() {
  const texts = useTexts();
  const { cart, data } = useStores();
  if (cart.isEmpty || cart.isPanelVisible) return null;
  const totals = cart.totals;
  return (
    <div className="cart-bar">
      <button
        type="button"
        className="cart-bar__button"
        aria-expanded={false}
        aria-controls="cart-panel"
        onClick={cart.showPanel}
      >
        <span className="cart-bar__count" aria-hidden="true">
          {String(cart.count).replace('.', ',')}
        </span>
        <span className="cart-bar__label">
          {texts.cart}
          <span className="visually-hidden"> anzeigen ({texts.articles(cart.count)})</span>
        </span>
        {!cart.display.isTotalHidden && (
          <span className="cart-bar__total">{formatMoney(totals.total.gross, data.currency)}</span>
        )}
      </button>
    </div>
  );
});

/** The cart panel: the summary and the way to the checkout; never shown while empty. */
export const CartPanel = observer(function CartPanel() {
  const texts = useTexts();
  const { cart } = useStores();
  const branch = cart.branch;
  const close = useRef<HTMLButtonElement>(null);
  const visible = cart.isPanelVisible && !!branch;
  // Opening moves the focus into the panel, so keyboard and screen-reader users land in the cart.
  useEffect(() => {
    if (visible) close.current?.focus();
  }, [visible]);
  if (!visible || !branch) return null;
  return (
    <aside
      id="cart-panel"
      className="cart-panel"
      aria-labelledby="cart-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') cart.hidePanel();
      }}
    >
      <header className="cart-panel__header">
        <h2 id="cart-title" className="cart-panel__title">
          {texts.cart} <span className="cart-panel__count">({texts.articles(cart.count)})</span>
        </h2>
        <button
          ref={close}
          type="button"
          className="icon-button"
          aria-label={texts.hideCart}
          onClick={cart.hidePanel}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <CartSummary editable steppers />
      <Link
        to={`/store/${encodeURIComponent(branch.identifier)}/checkout`}
        className="button button--primary button--block"
      >
        {texts.toCheckout}
      </Link>
    </aside>
  );
});

/**
 * Items with edit and remove, totals with taxes, delivery hints and the price notes; `steppers` adds +/– per
 * line (the storefront's cart and checkout; the kiosk keeps its own sizes and has none yet).
 */
export const CartSummary = observer(function CartSummary({
  editable = false,
  steppers = false,
}: {
  editable?: boolean;
  steppers?: boolean;
}) {
  const language = useLanguage();
  const texts = useTexts();
  const t = useT();
  const { cart, data, soldOut } = useStores();
  const branch = cart.branch;
  if (!branch) return null;
  const totals = cart.totals;
  const display = cart.display;
  const currency = data.currency;
  const products = cart.items.map((item) => cart.productOf(item));
  const text = useCatalogText();
  const hints =
    cart.orderType === 'delivery' && cart.deliveryArea
      ? deliveryHints(cart.deliveryArea, totals.items.gross, currency)
      : { minimumOrder: [], freeDelivery: null };
  return (
    <div className="cart-summary">
      <ul className="cart-items">
        {cart.items.map((item, index) => {
          const product = products[index];
          const line = totals.lines[index];
          const summary = product ? itemSummary(product.config?.parts ?? [], item, texts) : '';
          // Sold out since it was added: said at the line, which offers "Entfernen" (the server refuses it).
          const soldOutIssue = soldOut.lineIssues(item, product ?? undefined)[0];
          const name = text.name(product ?? item.product);
          return (
            <li key={index} className={`cart-item${soldOutIssue ? ' cart-item--sold-out' : ''}`}>
              <div className="cart-item__main">
                <span className="cart-item__name">{name}</span>
                {steppers ? (
                  <span className="cart-item__stepper">
                    <button
                      type="button"
                      className="cart-item__step"
                      aria-label={
                        cart.isAtMinimum(index) ? texts.takeOutItem(name) : texts.decreaseItem(name)
                      }
                      onClick={() => cart.stepItem(index, 'down')}
                    >
                      {cart.isAtMinimum(index) ? <BinIcon /> : <span aria-hidden="true">−</span>}
                    </button>
                    <span className="cart-item__quantity">
                      {formatQuantity(item.amount, item.unit, language)}
                    </span>
                    <button
                      type="button"
                      className="cart-item__step"
                      aria-label={texts.increaseItem(name)}
                      disabled={!cart.canIncrease(index)}
                      onClick={() => cart.stepItem(index, 'up')}
                    >
                      <span aria-hidden="true">+</span>
                    </button>
                  </span>
                ) : (
                  <span className="cart-item__quantity">
                    {formatQuantity(item.amount, item.unit, language)}
                  </span>
                )}
                {summary && <span className="cart-item__parts">{summary}</span>}
                <BasePrice product={product} className="cart-item__base-price" />
                {soldOutIssue && (
                  <span className="cart-item__sold-out" role="status">
                    {soldOutIssue.message}
                  </span>
                )}
              </div>
              <span className="cart-item__price">
                {item.product.isPriceHidden || !line
                  ? t('cart.priceOnRequest')
                  : formatPrice(line.gross, line.calculationModel, currency, language)}
              </span>
              <div className="cart-item__actions">
                {editable && (
                  <button
                    type="button"
                    className="link-button"
                    aria-label={texts.editItem(name)}
                    onClick={() => cart.editItem(index)}
                  >
                    {texts.edit}
                  </button>
                )}
                <button
                  type="button"
                  className="link-button"
                  aria-label={texts.removeItem(name)}
                  onClick={() => cart.removeItem(index)}
                >
                  {texts.remove}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {display.isTotalHidden ? (
        <p className="totals__note">{texts.totalOnRequest}</p>
      ) : (
        <dl className="totals">
          <div className="totals__row">
            <dt>{texts.subtotal}</dt>
            <dd>{formatMoney(totals.items.gross, currency)}</dd>
          </div>
          {cart.orderType === 'delivery' && cart.deliveryArea && (
            <div className="totals__row">
              <dt>{t('pricing.delivery')}</dt>
              <dd>
                {totals.delivery.gross === 0
                  ? t('pricing.deliveryFree')
                  : formatMoney(totals.delivery.gross, currency)}
              </dd>
            </div>
          )}
          <div className="totals__row totals__row--total">
            <dt>{t('pricing.total')}</dt>
            <dd>{formatMoney(totals.total.gross, currency)}</dd>
          </div>
          {Object.entries(totals.taxes).map(([rate, tax]) => (
            <div key={rate} className="totals__row totals__row--tax">
              <dt>{t('pricing.taxIncluded', { rate: rate.replace('.', ',') })}</dt>
              <dd>{formatMoney(tax, currency)}</dd>
            </div>
          ))}
          <div className="totals__row totals__row--tax">
            <dt>{texts.net}</dt>
            <dd>{formatMoney(totals.total.net, currency)}</dd>
          </div>
        </dl>
      )}
      {(hints.minimumOrder.length > 0 || hints.freeDelivery) && (
        <div className="cart-panel__hints">
          {hints.minimumOrder.map((line) => (
            <p key={line} className="cart-panel__hint cart-panel__hint--warning">
              {line}
            </p>
          ))}
          {hints.freeDelivery && <p className="cart-panel__hint">{hints.freeDelivery}</p>}
        </div>
      )}
      <div className="cart-panel__notes">
        <PriceNote
          feeShown={!display.isTotalHidden && cart.orderType === 'delivery' && !!cart.deliveryArea}
        />
        {branch.isQuotationRequired && <p>{t('pricing.quotationNote')}</p>}
        {display.hasHiddenPrices && <p>{t('pricing.hiddenPriceNote')}</p>}
      </div>
    </div>
  );
});

/** A waste bin (the cart's "–" at the minimum removes the line). */
function BinIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
      />
    </svg>
  );
}

/** The "added" notification (spec section 4), in a live region that always exists. */
export const CartNotification = observer(function CartNotification() {
  const texts = useTexts();
  const t = useT();
  const { cart } = useStores();
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {cart.notification && (
        <div className="toast">
          <span className="toast__text">{cart.notification}</span>
          {cart.undo && (
            <button type="button" className="toast__action" onClick={cart.undoAdd}>
              {t('cart.undo')}
            </button>
          )}
          <button
            type="button"
            className="icon-button icon-button--small"
            aria-label={texts.close}
            onClick={cart.dismissNotification}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
});

import { formatMoney, marketProfile, withdrawalExemptNotice } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { formatPrice, formatQuantity } from '../format';
import { useStores } from '../stores';
import { defaultWithdrawalPolicy } from '../content/legal';
import { LegalTextLink } from './LegalTextLink';
import { useCatalogText, useLanguage, useT, useTexts } from '../catalogLanguage';

/**
 * The summary §312j (2) BGB (Austria: §8 (1) FAGG) asks for directly above the order button: the items
 * with their amounts, the delivery fee, the total "inkl. MwSt." and the terms that apply. Read-only — the
 * editable cart stays in its own section further up. `external: false` on the kiosk (texts open as dialogs).
 */
export const OrderSummary = observer(function OrderSummary({
  external = true,
  className = '',
  withdrawal = true,
}: {
  external?: boolean;
  className?: string;
  /**
   * Say whether a right of withdrawal applies (§312d BGB, Art. 246a EGBGB). Off on the kiosk: an order in
   * the shop is no distance contract and has no right of withdrawal.
   */
  withdrawal?: boolean;
}) {
  const language = useLanguage();
  const texts = useTexts();
  const t = useT();
  const { cart, data } = useStores();
  const branch = cart.branch;
  if (!branch || cart.isEmpty) return null;
  const totals = cart.totals;
  const currency = data.currency;
  const isQuotation = branch.isQuotationRequired;
  const showsTotal = !cart.display.isTotalHidden;
  const isDelivery = cart.orderType === 'delivery' && !!cart.deliveryArea;
  const text = useCatalogText();
  return (
    <section className={`order-summary ${className}`} aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="order-summary__title">
        {isQuotation ? texts.summaryQuotationTitle : texts.summaryTitle}
      </h2>
      <ul className="order-summary__items">
        {cart.items.map((item, index) => {
          const name = text.name(cart.productOf(item) ?? item.product);
          const line = totals.lines[index];
          return (
            <li key={index} className="order-summary__row">
              <span>
                {formatQuantity(item.amount, item.unit, language)} {name}
              </span>
              <span className="order-summary__amount">
                {item.product.isPriceHidden || !line
                  ? t('cart.priceOnRequest')
                  : formatPrice(line.gross, line.calculationModel, currency, language)}
              </span>
            </li>
          );
        })}
        {isDelivery && showsTotal && (
          <li className="order-summary__row">
            <span>{texts.deliveryFee}</span>
            <span className="order-summary__amount">
              {totals.delivery.gross === 0
                ? t('pricing.deliveryFree')
                : formatMoney(totals.delivery.gross, currency)}
            </span>
          </li>
        )}
      </ul>
      {showsTotal ? (
        <p className="order-summary__row order-summary__total">
          <span>{texts.totalInclVat}</span>
          <span className="order-summary__amount">{formatMoney(totals.total.gross, currency)}</span>
        </p>
      ) : (
        <p className="order-summary__note">{texts.totalOnRequest}</p>
      )}
      <p className="order-summary__legal">
        {texts.summaryTermsBefore}
        <LegalTextLink
          fields={{ text: 'termsAndConditionsText', url: 'termsAndConditions' }}
          title={texts.legalTerms}
          label={texts.summaryTerms}
          className="order-summary__link"
          external={external}
          plainWhenMissing
        />
        {texts.summaryPrivacyBefore}
        <LegalTextLink
          fields={{ text: 'privacyPolicyText', url: 'privacyPolicy' }}
          title={texts.legalPrivacy}
          label={texts.legalPrivacy}
          className="order-summary__link"
          external={external}
          plainWhenMissing
        />
        .
      </p>
      {!withdrawal ? null : cart.isWithdrawable ? (
        <p className="order-summary__legal order-summary__withdrawal">
          {texts.summaryWithdrawalBefore}
          <LegalTextLink
            fields={{ text: 'withdrawalPolicyText', url: 'withdrawalPolicy' }}
            title={texts.legalWithdrawal}
            label={texts.legalWithdrawal}
            className="order-summary__link"
            external={external}
            fallbackText={defaultWithdrawalPolicy(data.config)}
            plainWhenMissing
          />
          .
        </p>
      ) : (
        <p className="order-summary__legal order-summary__withdrawal">
          {withdrawalExemptNotice(marketProfile(data.config?.market).market)}
        </p>
      )}
    </section>
  );
});

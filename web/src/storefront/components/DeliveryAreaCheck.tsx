import { formatMoney, t, toCents, type DeliveryArea } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores } from '../stores';

/** Fee, minimum order and free-from of a delivery area, as a short list. */
export const DeliveryAreaFacts = observer(function DeliveryAreaFacts({
  area,
  currency,
}: {
  area: Pick<DeliveryArea, 'area' | 'price' | 'free' | 'freeFromOrderValue' | 'minimumOrderValue'>;
  currency: string;
}) {
  const money = (value: number) => formatMoney(toCents(value), currency);
  const free = area.free || !area.price;
  return (
    <div className="delivery-facts" role="status">
      <p className="delivery-facts__title">{t('deliveryCheck.area', { area: area.area })}</p>
      <dl className="delivery-facts__list">
        <div>
          <dt>{t('deliveryCheck.fee')}</dt>
          <dd>{free ? t('deliveryCheck.feeFree') : money(area.price)}</dd>
        </div>
        <div>
          <dt>{t('deliveryCheck.minimum')}</dt>
          <dd>{area.minimumOrderValue ? money(area.minimumOrderValue) : t('deliveryCheck.minimumNone')}</dd>
        </div>
        {!free && !!area.freeFromOrderValue && (
          <div>
            <dt>{t('deliveryCheck.freeFrom')}</dt>
            <dd>{money(area.freeFromOrderValue)}</dd>
          </div>
        )}
      </dl>
    </div>
  );
});

/**
 * Delivery chosen on the store page: the postcode first, checked by the server against the branch's
 * delivery areas; then the area's fee, minimum order and free-from, before the menu — or the refusal at
 * the postcode field.
 */
export const DeliveryAreaCheck = observer(function DeliveryAreaCheck() {
  const { cart, data } = useStores();
  const [postcode, setPostcode] = useState(cart.areaRefusal?.postcode ?? '');
  const area = cart.deliveryArea;
  if (area) {
    return (
      <div className="delivery-check delivery-check--done">
        <DeliveryAreaFacts area={area} currency={data.currency} />
        <button
          type="button"
          className="button button--secondary delivery-check__change"
          onClick={cart.resetDeliveryArea}
        >
          {t('deliveryCheck.change')} ({cart.deliveryPostcode})
        </button>
      </div>
    );
  }
  const error = cart.areaRefusal?.message;
  return (
    <form
      className="delivery-check"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void cart.checkDeliveryArea(postcode);
      }}
    >
      <p className="delivery-check__title">{t('deliveryCheck.title')}</p>
      <div className="delivery-check__row">
        <div className="delivery-check__field">
          <label htmlFor="delivery-postcode">{t('deliveryCheck.postcode')}</label>
          <input
            id="delivery-postcode"
            name="postcode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={20}
            value={postcode}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'delivery-postcode-error' : undefined}
            onChange={(event) => setPostcode(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={cart.isCheckingArea}>
          {cart.isCheckingArea ? t('deliveryCheck.checking') : t('deliveryCheck.submit')}
        </button>
      </div>
      {error && (
        <p id="delivery-postcode-error" className="form__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
});

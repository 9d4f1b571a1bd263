import { t, type Branch, type OrderType } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { imageUrl } from '../format';
import { BranchRating } from './BranchRating';
import { DeliveryAreaCheck } from './DeliveryAreaCheck';
import { PhoneLink } from './PhoneLink';
import { PriceNote } from './PriceNote';
import { storeNotice } from '../stores/notices';
import { useStores } from '../stores';
import { texts } from '../texts';

const ORDER_TYPE_LABEL: Record<OrderType, string> = {
  takeaway: t('orderType.takeaway'),
  delivery: t('orderType.delivery'),
  dineIn: t('orderType.dineIn'),
};

/** Intro of the branch page: image, name, address, open state, closed and pre-order notices, order type. */
export const StoreBanner = observer(function StoreBanner({ branch }: { branch: Branch }) {
  const { branches, cart, clock } = useStores();
  const info = branches.openInfo(branch);
  const notice = storeNotice(branch, cart.orderType, clock.now);
  const header = branch.images?.[0];
  const closedStyle = notice.isClosed && !branch.isPreorderEnabled;
  return (
    <section
      className={`store-banner${closedStyle ? ' store-banner--closed' : ''}`}
      aria-labelledby="store-title"
    >
      <div className="store-banner__media">
        {header && (
          <img src={imageUrl(header, 'large')} alt="" width={1280} height={480} fetchPriority="high" />
        )}
      </div>
      <div className="store-banner__content">
        <div className="store-banner__head">
          {branch.logo && (
            <img
              className="store-banner__logo"
              src={imageUrl(branch.logo, 'tiny')}
              // 64 px on screen: the next size up for sharp logos on high-density phones.
              srcSet={`${imageUrl(branch.logo, 'tiny')} 1x, ${imageUrl(branch.logo, 'small')} 2x`}
              alt=""
              width={64}
              height={64}
            />
          )}
          <div>
            <h1 id="store-title" className="store-banner__title">
              {branch.name}
            </h1>
            <p className="store-banner__address">
              {branch.street}, {branch.zipCode} {branch.city}
              {branch.phone && (
                <>
                  {' · '}
                  <PhoneLink phone={branch.phone} />
                </>
              )}
            </p>
            <BranchRating rating={branches.ratingOf(branch)} className="store-banner__rating" />
          </div>
          <span
            className={`status-pill store-banner__status ${info.isOpen ? (info.isClosingSoon ? 'status-pill--warning' : 'status-pill--open') : 'status-pill--closed'}`}
          >
            {info.label}
          </span>
        </div>
        {notice.lines.length > 0 && (
          <div className={`notice${notice.isClosed ? ' notice--closed' : ''}`} role="status">
            <p className="notice__title">{notice.lines[0]}</p>
            {notice.lines.slice(1).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
        <OrderTypeSelector />
        <PriceNote className="store-banner__price-note" />
      </div>
    </section>
  );
});

/** Takeaway, delivery, dine-in: only the branch's types; for delivery the postcode check right beside. */
export const OrderTypeSelector = observer(function OrderTypeSelector() {
  const { cart } = useStores();
  const types = cart.offeredOrderTypes;
  if (types.length === 0) return null;
  return (
    <div className="order-type">
      <fieldset className="segmented">
        <legend className="segmented__legend">{texts.orderType}</legend>
        <div className="segmented__options">
          {types.map((type) => (
            <label key={type} className="segmented__option">
              <input
                type="radio"
                name="order-type"
                value={type}
                checked={cart.orderType === type}
                onChange={() => cart.setOrderType(type)}
              />
              <span>{ORDER_TYPE_LABEL[type]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {cart.orderType === 'delivery' && <DeliveryAreaCheck />}
    </div>
  );
});

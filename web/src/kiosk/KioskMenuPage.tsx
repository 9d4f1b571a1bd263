import { formatMoney, pauseNotice, type Category, type OrderType, type Product } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from '../router/router';
import { NotFoundPage } from '../components/ErrorPage';
import { PageTitle } from '../components/PageTitle';
import { CartNotification } from '../storefront/components/CartPanel';
import { CatalogList, type CatalogJump } from '../storefront/components/CatalogList';
import type { CatalogRow } from '../storefront/components/catalogRows';
import { CategoryBar } from '../storefront/components/CategoryBar';
import { LoadState, MenuLoadState } from '../storefront/components/LoadState';
import { ProductCard } from '../storefront/components/ProductCard';
import { PriceNote } from '../storefront/components/PriceNote';
import { ProductModal } from '../storefront/components/ProductModal';
import { useSelectedBranch } from '../storefront/components/useSelectedBranch';
import { useStores } from '../storefront/stores';
import type { CartStore } from '../storefront/stores/CartStore';
import { useKiosk, useKioskTexts } from './KioskContext';
import { KioskUpsell } from './KioskUpsell';
import { useCatalogText } from '../storefront/catalogLanguage';

/**
 * The order types a kiosk takes: dine-in and takeaway, as the branch offers them and the kiosk device's
 * `orderModes` allow (never delivery).
 */
export function kioskOrderTypes(cart: CartStore, modes: readonly OrderType[] | null = null): OrderType[] {
  // "Hier essen" first, as on the start screen.
  return cart.offeredOrderTypes
    .filter((type) => type !== 'delivery' && (!modes || modes.includes(type)))
    .sort((a, b) => Number(b === 'dineIn') - Number(a === 'dineIn'));
}

/** `/kiosk/{branch}`: "Hier essen oder mitnehmen?", then the menu with a cart bar at the bottom. */
export const KioskMenuPage = observer(function KioskMenuPage() {
  const identifier = useParams().branch ?? '';
  return (
    <LoadState>
      <KioskMenu identifier={identifier} />
    </LoadState>
  );
});

const KioskMenu = observer(function KioskMenu({ identifier }: { identifier: string }) {
  const { ui, cart, catalog, data, clock } = useStores();
  const kiosk = useKiosk();
  const kioskTexts = useKioskTexts();
  const text = useCatalogText();
  const navigate = useNavigate();
  const { branch, ready } = useSelectedBranch(identifier);
  const types = ready ? kioskOrderTypes(cart, kiosk.orderModes) : [];
  const wrongType = types.length > 0 && !types.includes(cart.orderType);
  const jump = useRef<CatalogJump | null>(null);
  // A kiosk never delivers: a stored or default delivery becomes the first type the kiosk offers.
  useEffect(() => {
    if (wrongType) cart.setOrderType(types[0]);
  });
  if (!branch) return <NotFoundPage />;
  if (!ready) return null;

  if (types.length === 0) {
    return (
      <p className="kiosk-card kiosk-notice">
        <PageTitle title={branch.name} shopName={ui.shopName} />
        {kioskTexts.noOrderTypes}
      </p>
    );
  }
  if (!kiosk.orderTypeChosen && types.length > 1) {
    return <OrderTypeChoice types={types} tableService={branch.isTableSelectionEnabled} />;
  }

  const groups = catalog.groups;
  const checkoutPath = `/kiosk/${encodeURIComponent(branch.identifier)}/checkout`;
  return (
    <div className="kiosk-menu">
      <PageTitle title={branch.name} shopName={ui.shopName} />
      <h1 className="visually-hidden">{branch.name}</h1>
      <PauseNotice lines={pauseNotice(branch, cart.orderType, clock.now, kiosk.language)} />
      <CategoryBar onJump={(id) => jump.current?.(id) ?? null} />
      <MenuLoadState className="kiosk-card kiosk-notice">
        {groups.length === 0 ? (
          <p className="kiosk-card kiosk-notice">{kioskTexts.noMenu}</p>
        ) : (
          <CatalogList
            groups={groups}
            jumpRef={jump}
            estimate={estimateKioskRow}
            sectionClass="kiosk-group"
            gridClass="product-grid kiosk-grid"
            label={(group) => text.name(group.category)}
            head={(group, titleId) => (
              <h2 id={titleId} className="kiosk-group__title">
                {text.name(group.category)}
              </h2>
            )}
            card={({ product, visibility }, position) => (
              <ProductCard key={product.id} product={product} visibility={visibility} position={position} />
            )}
          />
        )}
      </MenuLoadState>
      <div className="kiosk-cartbar" role="region" aria-label={kioskTexts.cart}>
        <div className="kiosk-cartbar__info">
          <div className="kiosk-cartbar__summary" aria-live="polite">
            {cart.isEmpty ? (
              <span className="kiosk-cartbar__empty">{kioskTexts.cartEmpty}</span>
            ) : (
              <>
                <span className="kiosk-cartbar__count">
                  {kioskTexts.cartCount(String(cart.count).replace('.', ','))}
                </span>
                {!cart.display.isTotalHidden && (
                  <span className="kiosk-cartbar__total">
                    {formatMoney(cart.totals.total.gross, data.currency)}
                  </span>
                )}
              </>
            )}
          </div>
          {/* Once for the menu, beside the total that stays in view (a kiosk never delivers). */}
          <PriceNote className="kiosk-price-note" />
        </div>
        <button
          type="button"
          className="kiosk-button kiosk-button--primary kiosk-cartbar__checkout"
          disabled={cart.isEmpty}
          onClick={() => void navigate(checkoutPath)}
        >
          {kioskTexts.toCheckout}
        </button>
      </div>
      <CartNotification />
      <ProductModal />
      <KioskUpsell />
    </div>
  );
});

const OrderTypeChoice = observer(function OrderTypeChoice({
  types,
  tableService,
}: {
  types: OrderType[];
  tableService: boolean;
}) {
  const { cart, ui } = useStores();
  const kiosk = useKiosk();
  const kioskTexts = useKioskTexts();
  const choose = (type: OrderType) => {
    cart.setOrderType(type);
    kiosk.chooseOrderType();
  };
  return (
    <section className="kiosk-choice" aria-labelledby="kiosk-choice-title">
      <PageTitle title={kioskTexts.whereToEat} shopName={ui.shopName} />
      <h1 id="kiosk-choice-title" className="kiosk-choice__title">
        {kioskTexts.whereToEat}
      </h1>
      <div className="kiosk-choice__options">
        {types.includes('dineIn') && (
          <button type="button" className="kiosk-choice__option" onClick={() => choose('dineIn')}>
            <span className="kiosk-choice__icon" aria-hidden="true">
              <PlateIcon />
            </span>
            <span className="kiosk-choice__label">{kioskTexts.dineIn}</span>
            <span className="kiosk-choice__hint">
              {tableService ? kioskTexts.dineInHint : kioskTexts.dineInHintNoTable}
            </span>
          </button>
        )}
        {types.includes('takeaway') && (
          <button type="button" className="kiosk-choice__option" onClick={() => choose('takeaway')}>
            <span className="kiosk-choice__icon" aria-hidden="true">
              <BagIcon />
            </span>
            <span className="kiosk-choice__label">{kioskTexts.takeaway}</span>
            <span className="kiosk-choice__hint">{kioskTexts.takeawayHint}</span>
          </button>
        )}
      </div>
    </section>
  );
});

function PlateIcon() {
  return (
    <svg viewBox="0 0 64 64" width="96" height="96" focusable="false">
      <circle cx="32" cy="34" r="18" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="32" cy="34" r="11" fill="none" stroke="currentColor" strokeWidth="2" opacity="0.6" />
      <path
        d="M6 14v12c0 2 1 3 3 3v23M12 14v12c0 2-1 3-3 3M9 14v10"
        stroke="currentColor"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M56 14c-4 2-5 8-5 14h5v24"
        stroke="currentColor"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

function BagIcon() {
  return (
    <svg viewBox="0 0 64 64" width="96" height="96" focusable="false">
      <path
        d="M12 22h40l-3 34H15z"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M23 26v-8a9 9 0 0 1 18 0v8"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Staff paused ordering: the sentence ("… wieder ab 18:30 Uhr") and their message, above the menu. */
function PauseNotice({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="kiosk-card kiosk-notice kiosk-pause" role="status">
      <p className="kiosk-pause__title">{lines[0]}</p>
      {lines.slice(1).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** A first guess of a kiosk line's height before it is measured: a title, or a row of two tall cards. */
function estimateKioskRow(row: CatalogRow<Category, Product>): number {
  return row.kind === 'row' ? 440 + (row.last ? 40 : 20) : 64;
}

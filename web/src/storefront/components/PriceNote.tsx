import { priceNote } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores';
import { useLanguage } from '../catalogLanguage';

/**
 * The price statement of a view that shows prices before checkout, once per view (menu, product dialog,
 * cart): "Alle Preise inkl. MwSt." and, for delivery, the fee of the chosen area (see `priceNote`).
 * `feeShown`: the view lists the delivery fee as its own line in a total that includes it.
 */
export const PriceNote = observer(function PriceNote({
  className,
  feeShown = false,
}: {
  className?: string;
  feeShown?: boolean;
}) {
  const { cart, data } = useStores();
  const language = useLanguage();
  const text = priceNote(
    {
      orderType: cart.orderType,
      area: cart.deliveryArea,
      areas: cart.deliveryAreas,
      currency: data.currency,
      feeShown,
    },
    language,
  );
  return <p className={['price-note', className].filter(Boolean).join(' ')}>{text}</p>;
});

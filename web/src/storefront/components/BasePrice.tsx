import { basePriceText, type Product } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores';

/**
 * The unit price PAngV asks for beside a price ("1 kg = 24,90 €"), where the product's unit or net quantity
 * makes one meaningful (common's `basePrice`); nothing otherwise.
 */
export const BasePrice = observer(function BasePrice({
  product,
  className,
}: {
  product:
    Pick<Product, 'price' | 'isPriceHidden' | 'unit' | 'netQuantity' | 'netQuantityUnit'> | null | undefined;
  className?: string;
}) {
  const { data } = useStores();
  const text = product ? basePriceText(product, data.currency) : null;
  if (!text) return null;
  return <span className={['base-price', className].filter(Boolean).join(' ')}>{text}</span>;
});

import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import { useStores } from '../stores';

// The configurator is its own chunk: the store page shows its products before anyone opens one.
const ProductModal = lazy(() => import('./ProductModal').then((m) => ({ default: m.ProductModal })));

/**
 * The product modal, loaded when the first product is opened and kept mounted afterwards, so closing it
 * returns focus to the product card as a native dialog does.
 */
export const LazyProductModal = observer(function LazyProductModal() {
  const { cart } = useStores();
  const [used, setUsed] = useState(false);
  if (cart.editor && !used) setUsed(true);
  if (!used && !cart.editor) return null;
  return (
    <Suspense fallback={null}>
      <ProductModal />
    </Suspense>
  );
});

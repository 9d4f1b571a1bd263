import { createStoresContext } from '../stores/createStoresContext';
import type { StorefrontRootStore } from './StorefrontRootStore';

export const { StoresProvider: StorefrontStoresProvider, useStores } =
  createStoresContext<StorefrontRootStore>('storefront');

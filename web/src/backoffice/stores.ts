import { createStoresContext } from '../stores/createStoresContext';
import type { BackofficeRootStore } from './BackofficeRootStore';

export const { StoresProvider: BackofficeStoresProvider, useStores } =
  createStoresContext<BackofficeRootStore>('backoffice');

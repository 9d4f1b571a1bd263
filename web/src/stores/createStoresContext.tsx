import { createContext, useContext, type ReactNode } from 'react';

/**
 * One React context per face (storefront, back office): its root store is created by the app's entry
 * point and handed down, so tests and several app instances never share state through a module.
 */
export function createStoresContext<T>(face: string) {
  const StoresContext = createContext<T | null>(null);
  StoresContext.displayName = `${face}Stores`;

  function StoresProvider({ stores, children }: { stores: T; children: ReactNode }) {
    return <StoresContext value={stores}>{children}</StoresContext>;
  }

  function useStores(): T {
    const stores = useContext(StoresContext);
    if (stores === null) {
      throw new Error(`useStores() needs a <StoresProvider> of the ${face} face above it.`);
    }
    return stores;
  }

  return { StoresProvider, useStores };
}

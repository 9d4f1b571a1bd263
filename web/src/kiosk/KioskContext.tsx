import { createContext, useContext, type ReactNode } from 'react';
import type { KioskStore } from './KioskStore';

const KioskContext = createContext<KioskStore | null>(null);

export function KioskProvider({ kiosk, children }: { kiosk: KioskStore; children: ReactNode }) {
  return <KioskContext.Provider value={kiosk}>{children}</KioskContext.Provider>;
}

export function useKiosk(): KioskStore {
  const kiosk = useContext(KioskContext);
  if (!kiosk) throw new Error('KioskProvider fehlt');
  return kiosk;
}

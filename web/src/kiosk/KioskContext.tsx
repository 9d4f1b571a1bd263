import { createContext, useContext, type ReactNode } from 'react';
import type { KioskStore } from './KioskStore';
import { kioskTextsFor, type KioskTexts } from './texts';

const KioskContext = createContext<KioskStore | null>(null);

export function KioskProvider({ kiosk, children }: { kiosk: KioskStore; children: ReactNode }) {
  return <KioskContext.Provider value={kiosk}>{children}</KioskContext.Provider>;
}

export function useKiosk(): KioskStore {
  const kiosk = useContext(KioskContext);
  if (!kiosk) throw new Error('KioskProvider fehlt');
  return kiosk;
}

/** The kiosk's texts in the guest's language (call inside an observer). */
export function useKioskTexts(): KioskTexts {
  return kioskTextsFor(useKiosk().language);
}

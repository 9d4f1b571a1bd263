import { createContext, useContext, type ReactNode } from 'react';
import type { ShellStore } from './ShellStore';

const ShellContext = createContext<ShellStore | null>(null);

export function ShellProvider({ shell, children }: { shell: ShellStore; children: ReactNode }) {
  return <ShellContext.Provider value={shell}>{children}</ShellContext.Provider>;
}

/** The app shell store; null outside the provider (components then render nothing). */
export function useShell(): ShellStore | null {
  return useContext(ShellContext);
}

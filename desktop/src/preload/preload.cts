// Sandboxed preload: CommonJS, and `require` reaches only Electron's own modules here, so anything
// from ../shared is imported as types only (checked by preload.spec.ts).
import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopApiShape, IpcArgs, IpcChannel, IpcResult } from '../shared/ipc.js';

function invoke<C extends IpcChannel>(channel: C, ...args: IpcArgs<C>): Promise<IpcResult<C>> {
  return ipcRenderer.invoke(channel, ...args) as Promise<IpcResult<C>>;
}

const api = {
  getAppInfo: () => invoke('app:get-info'),
  openExternal: (url: string) => invoke('app:open-external', url),
  getShellState: () => invoke('shell:get-state'),
  exitKiosk: (pin: string) => invoke('kiosk:exit', pin),
  captureScreen: () => invoke('signage:capture-screen'),
} satisfies DesktopApiShape;

/** What the page sees as `window.ordering`; the renderer's type is derived from this object. */
export type DesktopApi = typeof api;

contextBridge.exposeInMainWorld('ordering', api);

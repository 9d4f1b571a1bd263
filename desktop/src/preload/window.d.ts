// For renderer code (the web app inside the shell): `window.ordering` exists only in the desktop shell.
import type { DesktopApi } from './preload.cjs';

declare global {
  interface Window {
    ordering?: DesktopApi;
  }
}

export {};

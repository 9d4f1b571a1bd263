import type { IpcChannel, IpcHandlers } from '../shared/ipc.js';
import type { IpcSender } from './security.js';

/** The part of Electron's ipcMain that registration needs; tests pass a fake. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSender, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface IpcLogger {
  warn(message: string): void;
}

export class UntrustedSenderError extends Error {
  override name = 'UntrustedSenderError';
}

/**
 * Registers one handler per contract channel. Calls from senders that are not our own windows are
 * refused before the handler runs. Returns the function that removes the handlers again.
 */
export function setupIpc(
  ipcMain: IpcMainLike,
  handlers: IpcHandlers,
  isTrusted: (event: IpcSender) => boolean,
  logger: IpcLogger = console,
): () => void {
  const channels = Object.keys(handlers) as IpcChannel[];
  for (const channel of channels) {
    const handler = handlers[channel] as (...args: unknown[]) => unknown;
    ipcMain.handle(channel, (event, ...args) => {
      if (!isTrusted(event)) {
        logger.warn(
          `IPC ${channel} von fremdem Absender (${event.senderFrame?.url ?? 'unbekannt'}) ignoriert.`,
        );
        throw new UntrustedSenderError(`IPC ${channel} ist für diesen Absender nicht erlaubt.`);
      }
      return handler(...args);
    });
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel));
}

import type { IpcHandlers } from '../shared/ipc.js';
import { setupIpc, UntrustedSenderError, type IpcMainLike } from './ipc.js';
import type { IpcSender } from './security.js';

type Listener = (event: IpcSender, ...args: unknown[]) => unknown;

class FakeIpcMain implements IpcMainLike {
  handlers = new Map<string, Listener>();

  handle(channel: string, listener: Listener) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }

  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }

  invoke(channel: string, event: IpcSender, ...args: unknown[]) {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    return Promise.resolve().then(() => handler(event, ...args));
  }
}

const trusted: IpcSender = { sender: { id: 1 }, senderFrame: { url: 'http://localhost:3000/' } };
const stranger: IpcSender = { sender: { id: 2 }, senderFrame: { url: 'https://evil.example/' } };

function handlers(calls: unknown[][]): IpcHandlers {
  return {
    'app:get-info': () => ({
      version: '1.2.3',
      platform: 'linux',
      origin: 'http://localhost:3000',
      kiosk: false,
    }),
    'app:open-external': (url) => {
      calls.push([url]);
      return true;
    },
    'shell:get-state': () => ({ mode: 'pairing', pairing: null, device: null, printer: null }),
    'kiosk:exit': () => ({ ok: false, message: 'Die PIN ist falsch.' }),
    'signage:capture-screen': () => ({ ok: false, message: 'kein Fenster' }),
  };
}

describe(setupIpc.name, () => {
  function setup() {
    const ipcMain = new FakeIpcMain();
    const calls: unknown[][] = [];
    const warnings: string[] = [];
    const dispose = setupIpc(ipcMain, handlers(calls), (event) => event.sender.id === 1, {
      warn: (message) => warnings.push(message),
    });
    return { ipcMain, calls, warnings, dispose };
  }

  it('registers one handler per contract channel', () => {
    const { ipcMain } = setup();
    expect([...ipcMain.handlers.keys()].sort()).toEqual([
      'app:get-info',
      'app:open-external',
      'kiosk:exit',
      'shell:get-state',
      'signage:capture-screen',
    ]);
  });

  it('passes the arguments, not the event, to the handler and returns its result', async () => {
    const { ipcMain, calls } = setup();
    await expect(ipcMain.invoke('app:open-external', trusted, 'https://example.com/')).resolves.toBe(true);
    await expect(ipcMain.invoke('app:get-info', trusted)).resolves.toMatchObject({ version: '1.2.3' });
    expect(calls).toEqual([['https://example.com/']]);
  });

  it('refuses senders that are not our windows without running the handler', async () => {
    const { ipcMain, calls, warnings } = setup();
    await expect(
      ipcMain.invoke('app:open-external', stranger, 'https://example.com/'),
    ).rejects.toBeInstanceOf(UntrustedSenderError);
    expect(calls).toEqual([]);
    expect(warnings).toEqual([
      'IPC app:open-external von fremdem Absender (https://evil.example/) ignoriert.',
    ]);
  });

  it('removes its handlers when disposed', () => {
    const { ipcMain, dispose } = setup();
    dispose();
    expect(ipcMain.handlers.size).toBe(0);
  });
});

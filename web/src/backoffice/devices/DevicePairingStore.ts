import { entityFailureMessage, t } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../api/ApiClient';
import { ApiRequestError } from '../../api/ApiClient';
import type { ErrorStore } from '../ErrorStore';

/** `GET /api/devices/{id}/status`. */
export interface DeviceStatus {
  id: number;
  paired: boolean;
  apiKeyHint: string | null;
  lastSeenAt: string | null;
  online: boolean;
  logs: { requestedAt: string | null; uploadedAt: string | null; lines: string[] } | null;
}

/** `K7QM 4tzp` → `K7QM-4TZP` as the terminal shows it (the server accepts either). */
export const normaliseCode = (raw: string) => {
  const plain = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return plain.length > 4 ? `${plain.slice(0, 4)}-${plain.slice(4, 8)}` : plain;
};

/**
 * One device's pairing panel: its status (paired, online, logs), the code an administrator types from the
 * terminal's screen, and the device commands of spec section 7. Refreshes while a logs request waits.
 */
export class DevicePairingStore {
  status: DeviceStatus | null = null;
  code = '';
  /** The server's message for the code field (a wrong or expired code). */
  codeError: string | null = null;
  /** What the last action achieved, shown in the panel ("Gekoppelt." …). */
  notice: string | null = null;
  busy = false;

  constructor(
    private readonly api: ApiClient,
    private readonly errors: ErrorStore,
    readonly deviceId: number,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  setCode(value: string): void {
    this.code = normaliseCode(value);
    this.codeError = null;
  }

  async load(): Promise<void> {
    const status = await this.errors.run(entityFailureMessage('devices', 'load'), () =>
      this.api.get<DeviceStatus>(`/api/devices/${this.deviceId}/status`),
    );
    if (status) runInAction(() => (this.status = status));
  }

  async pair(): Promise<boolean> {
    this.notice = null;
    if (!/^[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(this.code)) {
      this.codeError = 'Der Kopplungscode besteht aus 8 Buchstaben und Ziffern, z. B. ABCD-EF23.';
      return false;
    }
    this.busy = true;
    try {
      await this.api.post(`/api/devices/${this.deviceId}/pair`, { code: this.code });
      runInAction(() => {
        this.code = '';
        this.notice = 'Gekoppelt. Das Terminal verbindet sich in wenigen Sekunden.';
      });
      await this.load();
      return true;
    } catch (error) {
      runInAction(() => {
        if (error instanceof ApiRequestError && error.messageFor('code'))
          this.codeError = error.messageFor('code')!;
        else
          this.errors.add(
            error instanceof ApiRequestError && error.status
              ? error.message
              : entityFailureMessage('devices', 'update'),
          );
      });
      return false;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  async unpair(): Promise<void> {
    this.notice = null;
    const done = await this.errors.run(entityFailureMessage('devices', 'update'), () =>
      this.api.post(`/api/devices/${this.deviceId}/unpair`),
    );
    if (done !== undefined) {
      runInAction(() => (this.notice = 'Entkoppelt. Der alte Geräteschlüssel gilt nicht mehr.'));
      await this.load();
    }
  }

  async testNotification(): Promise<void> {
    await this.command(
      'test/notification',
      t('backoffice.deviceTestFailed'),
      'Testbenachrichtigung gesendet.',
    );
  }

  async testPrint(): Promise<void> {
    await this.command('test/print', t('backoffice.deviceTestFailed'), 'Testseite an den Drucker gesendet.');
  }

  async requestLogs(): Promise<void> {
    await this.command('request-device-logs', t('backoffice.deviceLogFailed'), 'Logs angefordert.');
  }

  private async command(path: string, fallback: string, success: string): Promise<void> {
    this.notice = null;
    const done = await this.errors.run(fallback, () =>
      this.api.post(`/api/devices/${this.deviceId}/${path}`),
    );
    if (done !== undefined) {
      runInAction(() => (this.notice = success));
      await this.load();
    }
  }
}

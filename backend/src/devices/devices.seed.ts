import type { EntityManager } from 'typeorm';
import type { Branch } from '../branches/branch.entity.js';
import { DEVICE_SETTINGS, type DeviceType } from './device-settings.js';
import { Device } from './device.entity.js';

/** Demo devices: the Viennese inn's front desk and kiosk (no key: the back office issues one). */
export async function seedDevices(em: EntityManager, branches: Branch[]): Promise<void> {
  const inn = branches.find((b) => b.identifier === 'gasthaus-linde-wien');
  if (!inn) return;
  const device = (identifier: string, name: string, type: DeviceType, settings: Record<string, unknown>) =>
    em.create(Device, {
      identifier,
      name,
      type,
      branch: inn,
      isEnabled: true,
      settings: DEVICE_SETTINGS[type].parse(settings),
    });
  await em.save([
    device('linde-wien-kassa', 'Kassa Theke', 'frontdesk', {
      printer: { host: '192.168.20.31', port: 9100, width: 48 },
      autoPrint: true,
    }),
    device('linde-wien-kiosk', 'Bestellterminal Eingang', 'kiosk', {
      printer: { host: '192.168.20.32', width: 42 },
      idleTimeoutSeconds: 60,
    }),
  ]);
}

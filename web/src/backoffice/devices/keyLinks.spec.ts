import { keyLinks } from './DeviceKeyPanel';

describe(keyLinks.name, () => {
  const branch = { id: 2, identifier: 'gasthaus-linde-wien' };
  it('gives each device type the addresses its key opens', () => {
    expect(keyLinks('https://shop.at', 'ticket-screen', branch, 'a/b')).toEqual([
      { label: 'Abholbildschirm', url: 'https://shop.at/frontdesk/2/a%2Fb' },
    ]);
    expect(keyLinks('https://shop.at', 'frontdesk', branch, 'k').map((l) => l.label)).toEqual([
      'Abholbildschirm',
      'Zeiterfassung',
    ]);
    expect(keyLinks('https://shop.at', 'backoffice', branch, 'k')).toEqual([
      { label: 'Zeiterfassung', url: 'https://shop.at/zeiterfassung/2/k' },
    ]);
    expect(keyLinks('https://shop.at', 'kiosk', branch, 'k')).toEqual([
      { label: 'Kiosk', url: 'https://shop.at/kiosk/gasthaus-linde-wien#geraet=k' },
    ]);
    expect(keyLinks('https://shop.at', 'printer', branch, 'k')).toEqual([]);
    expect(keyLinks('https://shop.at', 'kiosk', null, 'k')).toEqual([]);
  });
});

import { ownScreensOf, visibleAreas } from './areas';

describe(visibleAreas.name, () => {
  const labels = (roles: string[]) => visibleAreas(roles).map((a) => a.label);

  it('shows every area to the administrator', () => {
    expect(labels(['ROLE_ADMIN'])).toHaveLength(10);
  });

  it('shows the manager the settings for the logs only (users and configuration stay hidden there)', () => {
    expect(labels(['ROLE_MANAGER'])).toContain('Einstellungen');
    expect(labels(['ROLE_MANAGER'])).toContain('Statistik');
  });

  it('shows an employee orders, branches (tables) and time tracking only', () => {
    expect(labels(['ROLE_EMPLOYEE'])).toEqual(['Bestellungen', 'Filialen', 'Personal & Zeiterfassung']);
  });

  it('shows nothing without a role', () => {
    expect(labels([])).toEqual([]);
  });
});

describe(ownScreensOf.name, () => {
  const paths = (roles: string[]) => ownScreensOf('settings', roles).map((s) => s.path);

  it('offers "Auskunft und Löschung" under the settings to the administrator only (as the API)', () => {
    expect(ownScreensOf('settings', ['ROLE_ADMIN']).map((s) => s.label)).toEqual(['Auskunft und Löschung']);
    expect(paths(['ROLE_MANAGER'])).toEqual([]);
    expect(paths(['ROLE_EMPLOYEE'])).toEqual([]);
    expect(ownScreensOf('orders', ['ROLE_ADMIN'])).toEqual([]);
  });
});

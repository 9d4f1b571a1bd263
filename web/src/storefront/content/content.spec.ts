import type { Branch, OpeningHourRule } from '@ordering/common';
import { stepForKey, wrapIndex } from './gallery/GalleryOverlay';
import { allLegalEntries, legalEntry, legalHref } from './legal';
import { addressDirectionsHref, directionsHref, isInternalUrl, navigationHref } from './links';
import { mapOptionsOf, markersOf, styleUrlOf } from './maps/mapOptions';
import { sitePathOf } from './pages/ContentPage';
import { sectionsOf } from './pages/ContentSite';
import { hoursTable } from './pages/hoursTable';

describe('gallery', () => {
  it('wraps around at both ends', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it('goes back with ArrowLeft and ArrowDown, forward with ArrowRight and ArrowUp', () => {
    expect(['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowUp', 'Enter'].map(stepForKey)).toEqual([
      -1, -1, 1, 1, 0,
    ]);
  });
});

describe('links', () => {
  it('treats a leading slash as inside the shop', () => {
    expect(isInternalUrl('/store/wien')).toBe(true);
    expect(isInternalUrl('https://example.org')).toBe(false);
    expect(isInternalUrl('#kontakt')).toBe(false);
  });

  it('opens directions to latitude,longitude, or to street and city', () => {
    expect(directionsHref(47.05, 15.42)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=47.05,15.42',
    );
    expect(addressDirectionsHref({ street: 'Kärntner Straße 120', zipCode: '8053', city: 'Graz' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=K%C3%A4rntner%20Stra%C3%9Fe%20120%2C%208053%20Graz',
    );
  });

  it('leads navigation items home, to a site, to a branch or outside', () => {
    expect(navigationHref({ type: 'home', target: '' })).toEqual({ href: '/', external: false });
    expect(navigationHref({ type: 'site', target: 'ueber-uns/team' })).toEqual({
      href: '/ueber-uns/team',
      external: false,
    });
    expect(navigationHref({ type: 'branch', target: 'estrich-graz' })).toEqual({
      href: '/store/estrich-graz',
      external: false,
    });
    expect(navigationHref({ type: 'link', target: 'https://firmen.wko.at' })).toEqual({
      href: 'https://firmen.wko.at',
      external: true,
    });
  });
});

describe('legal pages', () => {
  it('link to the page with the configured text, else to the configured address', () => {
    const config = {
      privacyPolicyText: '# Daten',
      privacyPolicy: '/privacy',
      imprint: 'https://x.at/impressum',
    };
    expect(legalHref(legalEntry('privacy', config)!)).toEqual({ href: '/site/privacy', external: false });
    expect(legalHref(legalEntry('imprint', config)!)).toEqual({
      href: 'https://x.at/impressum',
      external: true,
    });
    expect(legalHref(legalEntry('allergens', config)!)).toBeNull();
    expect(legalEntry('newsletter', config)).toBeNull();
    expect(allLegalEntries(null).map((e) => e.path)).toEqual([
      'imprint',
      'privacy',
      'terms-and-conditions',
      'allergens',
      'withdrawal',
    ]);
  });

  it("show the market's model Widerrufsbelehrung while none is configured, with the online function", () => {
    const german = legalEntry('withdrawal', { businessName: 'Muster GmbH', market: 'DE' })!;
    expect(legalHref(german)).toEqual({ href: '/site/withdrawal', external: false });
    expect(german.text).toContain('## Widerrufsrecht');
    expect(german.text).toContain('Muster GmbH');
    expect(german.text).toContain('[Vertrag widerrufen](/vertrag-widerrufen)');
    expect(legalEntry('withdrawal', { market: 'AT' })!.text).toContain('## Rücktrittsrecht');
    // A configured text or address wins.
    expect(legalEntry('withdrawal', { withdrawalPolicyText: '# Eigene' })!.text).toBe('# Eigene');
    expect(legalHref(legalEntry('withdrawal', { withdrawalPolicy: 'https://x.de/w' })!)).toEqual({
      href: 'https://x.de/w',
      external: true,
    });
  });
});

describe('content pages', () => {
  it('join the URL segments to the site path', () => {
    expect(sitePathOf('ueber-uns//team/')).toBe('ueber-uns/team');
    expect(sitePathOf('caf%C3%A9')).toBe('café');
    expect(sitePathOf('')).toBe('');
  });

  it('list the enabled blocks of a custom site in the order of its body', () => {
    const block = (identifier: string, isEnabled = true) => ({
      id: identifier.length,
      identifier,
      isEnabled,
      isPublic: true,
    });
    const blocks = [block('a'), block('bb', false), block('ccc')];
    const site = {
      content: { body: [{ block: 'ccc' }, { block: 'bb' }, { block: 'x' }, 'junk', { block: 'a' }] },
    };
    expect(sectionsOf(site, blocks).map((b) => b.identifier)).toEqual(['ccc', 'a']);
    expect(sectionsOf({ content: {} }, blocks)).toEqual([]);
  });
});

describe('hours table', () => {
  const rule = (
    type: OpeningHourRule['type'],
    from: string,
    to: string,
    isClosed = false,
    date?: string,
  ) => ({
    type,
    from,
    to,
    isClosed,
    ...(date ? { date } : {}),
  });
  it('shows the week Monday first with merged windows, closed days and upcoming special days', () => {
    const rows = hoursTable(
      [
        rule('daily', '11:00', '22:00'),
        rule('monday', '00:00', '00:00', true),
        rule('friday', '07:00', '16:30'),
        rule('friday', '07:00', '13:00'),
        rule('saturday', '18:00', '02:00'),
        rule('once', '10:00', '14:00', false, '2026-12-24'),
        rule('once', '10:00', '14:00', false, '2026-01-01'),
      ],
      new Date('2026-11-23T10:00:00Z'),
      'Europe/Vienna',
    );
    expect(rows).toEqual([
      { day: 'Montag', times: 'geschlossen' },
      { day: 'Dienstag', times: '11:00 – 22:00 Uhr' },
      { day: 'Mittwoch', times: '11:00 – 22:00 Uhr' },
      { day: 'Donnerstag', times: '11:00 – 22:00 Uhr' },
      { day: 'Freitag', times: '07:00 – 16:30 Uhr' },
      { day: 'Samstag', times: '18:00 – 02:00 Uhr' },
      { day: 'Sonntag', times: '11:00 – 22:00 Uhr' },
      { day: '24.12.2026', times: '10:00 – 14:00 Uhr' },
    ]);
  });
});

describe('maps', () => {
  const branch = (id: number, latitude: number | null, longitude: number | null) =>
    ({ id, name: `Filiale ${id}`, latitude, longitude }) as Branch;

  it('needs the plugin, a style (with its token) and a branch with coordinates', () => {
    const config = {
      enablePluginMaps: true,
      mapStyleUrl: 'https://api.maptiler.com/maps/streets-v2/style.json?key={token}',
      mapAccessToken: 'abc',
    };
    expect(styleUrlOf(config)).toBe('https://api.maptiler.com/maps/streets-v2/style.json?key=abc');
    expect(styleUrlOf({ ...config, mapAccessToken: '' })).toBeNull();
    expect(mapOptionsOf({ ...config, enablePluginMaps: false }, [branch(1, 47, 15)])).toBeNull();
    expect(mapOptionsOf(config, [branch(1, null, null)])).toBeNull();
    expect(mapOptionsOf(config, [branch(1, 47.05, 15.42), branch(2, null, 16)])).toEqual({
      styleUrl: 'https://api.maptiler.com/maps/streets-v2/style.json?key=abc',
      zoom: 19,
      pitch: 55,
      bearing: -85,
      markers: [
        {
          latitude: 47.05,
          longitude: 15.42,
          label: 'Filiale 1',
          directions: 'https://www.google.com/maps/dir/?api=1&destination=47.05,15.42',
        },
      ],
    });
    expect(markersOf([branch(1, Number.NaN, 1)])).toEqual([]);
  });
});

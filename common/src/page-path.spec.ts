import { publicPagePath, publicPagePathSql } from './page-path.js';

describe(publicPagePath.name, () => {
  it('replaces the secret segments of the status page, ticket screen, time clock and signage by the pattern', () => {
    expect(publicPagePath('/status/7f1c2a4e-1111-4222-8333-944445555666/a1b2c3d4e5f6')).toBe(
      '/status/:uid/:hash',
    );
    expect(publicPagePath('/status/uid/hash/')).toBe('/status/:uid/:hash');
    expect(publicPagePath('/status/uid/hash/more')).toBe('/status/:uid/:hash');
    expect(publicPagePath('/frontdesk/4/geheim')).toBe('/frontdesk/:branchId/:apiKey');
    expect(publicPagePath('/zeiterfassung/4/geheim')).toBe('/zeiterfassung/:branchId/:apiKey');
    expect(publicPagePath('/signage/tv-1/geheim')).toBe('/signage/:identifier/:key');
  });

  it('keeps every other path as it is', () => {
    for (const path of [
      '/',
      '/store/linde',
      '/store/linde/checkout',
      '/status',
      '/status/x',
      '/site/impressum',
      '',
    ])
      expect(publicPagePath(path)).toBe(path);
    expect(publicPagePath('/Status/a/b')).toBe('/Status/a/b');
  });
});

describe(publicPagePathSql.name, () => {
  it('nests one regexp_replace per secret route around the column', () => {
    const sql = publicPagePathSql('a.path');
    expect(sql.match(/regexp_replace\(/g)).toHaveLength(4);
    expect(sql).toContain(`'^/status/[^/]+/[^/]+(/.*)?$', '/status/:uid/:hash'`);
  });
});

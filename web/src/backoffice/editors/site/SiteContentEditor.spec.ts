import { bodyIdentifiers, moved, withBody } from './SiteContentEditor';

describe('site content editor', () => {
  it('reads the blocks of content.body in order, skipping entries without a block identifier', () => {
    expect(bodyIdentifiers({ body: [{ block: 'hero' }, { other: 1 }, null, { block: 'kontakt' }] })).toEqual([
      'hero',
      'kontakt',
    ]);
    expect(bodyIdentifiers({ body: '<p>Text</p>' })).toEqual([]);
    expect(bodyIdentifiers(null)).toEqual([]);
  });

  it('writes the body back as [{ block }] and keeps the other keys of the content', () => {
    expect(withBody({ body: [], meta: 'x' } as never, ['a', 'b'])).toEqual({
      body: [{ block: 'a' }, { block: 'b' }],
      meta: 'x',
    });
  });

  it('moves a block up or down and ignores moves past the ends', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

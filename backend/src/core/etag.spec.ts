import { etagMatches } from './etag.js';

describe(etagMatches.name, () => {
  it('matches the same tag, weak or strong, in a list', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc" ,"y"', '"abc"')).toBe(true);
  });

  it('does not match another tag, a missing header or an empty one', () => {
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
    expect(etagMatches('', '"abc"')).toBe(false);
  });
});

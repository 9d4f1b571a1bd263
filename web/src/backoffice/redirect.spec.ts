import { loginPathFor, safeRedirect } from './redirect';

describe(loginPathFor.name, () => {
  it('remembers where the user was', () => {
    expect(loginPathFor({ pathname: '/backend/orders', search: '?page=2', hash: '' })).toBe(
      '/backend/login?redirect=%2Fbackend%2Forders%3Fpage%3D2',
    );
  });

  it('stays on the login page when already there', () => {
    expect(loginPathFor({ pathname: '/backend/login', search: '?redirect=%2Fbackend' })).toBe(
      '/backend/login?redirect=%2Fbackend',
    );
  });
});

describe(safeRedirect.name, () => {
  it.each([
    ['/backend/orders?page=2', '/backend/orders?page=2'],
    ['/', '/'],
    [null, '/backend'],
    ['', '/backend'],
    ['https://evil.example', '/backend'],
    ['//evil.example/x', '/backend'],
    ['/\\evil.example', '/backend'],
    ['/backend/login', '/backend'],
    ['/backend/login?redirect=%2F', '/backend'],
  ])('sends %p to %p', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { loginPathFor, redirectTargetFor, safeRedirectTarget } from './redirect-target';

describe('redirect target', () => {
  it('remembers the attempted URL with its query and hash', () => {
    expect(redirectTargetFor({ pathname: '/permits/7', search: '?tab=tags', hash: '#lock-3' })).toBe(
      '/permits/7?tab=tags#lock-3',
    );
  });

  it('does not remember / or /login', () => {
    for (const pathname of ['/', '/login', '/login/', '/LOGIN']) expect(redirectTargetFor({ pathname })).toBeNull();
    expect(loginPathFor({ pathname: '/' })).toBe('/login');
  });

  it('puts the target in the login URL', () => {
    expect(loginPathFor({ pathname: '/admin/settings', search: '?a=1&b=2' })).toBe(
      '/login?redirect=%2Fadmin%2Fsettings%3Fa%3D1%26b%3D2',
    );
  });

  it('goes back to a path on this site', () => {
    expect(safeRedirectTarget('/admin/settings?a=1#x')).toBe('/admin/settings?a=1#x');
  });

  it('refuses anything that leaves the site and defaults to /', () => {
    for (const raw of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\u0000x',
      '/login',
      '/login?redirect=/x',
    ]) {
      expect(safeRedirectTarget(raw)).toBe('/');
    }
  });
});

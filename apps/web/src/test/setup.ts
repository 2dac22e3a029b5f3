import '../lib/zod-locale';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy/waitFor give up after 1 s by default. A screen whose code loads on first use (a lazy menu, a page chunk)
// took longer than that in jsdom on a 2-core CI machine also running the integration project and a benchmark; the
// wait for an element to appear follows the machine, what is asserted about it does not change.
configure({ asyncUtilTimeout: 5000 });

// After each test the screen unmounts, and the next starts from the real globals (fetch, Notification, matchMedia, …),
// the real clock and empty storage.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

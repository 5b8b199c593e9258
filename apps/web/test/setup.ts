import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor give up after 1 s by default. A screen whose code loads on first use (a lazy menu, a page chunk)
// took longer than that in jsdom on a 2-core CI machine also running the integration project and a benchmark; the
// wait for an element to appear follows the machine, what is asserted about it does not change.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

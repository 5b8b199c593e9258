import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's Chromium, headless, with the network chatter this sandbox refuses switched off: the browser tests and the
 * benchmarks that drive a browser (`@shiftline/e2e/chromium`) launch it the same way.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

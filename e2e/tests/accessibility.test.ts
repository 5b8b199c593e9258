import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ROLE_NAMES, ROLES } from '@shiftline/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, ROLE_EMAILS, screenshot, signedInPage, useBrowser } from '../support/browser.js';

// Evaluated through the debugging protocol: the app's Content-Security-Policy refuses an injected script tag.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
};

const browser = useBrowser();

/** Waits for the page's data and lazy code, then for the loading placeholders to go. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => document.querySelectorAll('[role="progressbar"], .MuiSkeleton-root').length === 0,
    null,
    {
      timeout: 15_000,
    },
  );
}

/** axe-core's serious and critical findings on the page as it stands, one line each. */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${label}: ${violation.id} (${violation.impact}) at ${JSON.stringify(node.target)}: ${node.failureSummary ?? violation.help} in ${node.html.slice(0, 200)}`,
      ),
    );
}

describe('accessibility (axe-core: no serious or critical violations) and page titles', () => {
  it('the sign-in page', async () => {
    const page = await (await newContext(browser())).newPage();
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await settle(page);
    expect(await page.title()).toBe('Sign in · Shiftline');
    expect(await seriousViolations(page, '/login')).toEqual([]);
    await page.context().close();
  });

  // Two roles at a time (the e2e project's maxConcurrency): one role's pages load while the other's are checked.
  for (const role of ROLES) {
    it.concurrent(`every page of the ${ROLE_NAMES[role]}'s navigation`, { timeout: 120_000 }, async () => {
      const page = await signedInPage(browser(), ROLE_EMAILS[role]);
      const links = await page.locator('nav[aria-label="Main"] a').evaluateAll((anchors) =>
        anchors.map((anchor) => ({
          path: new URL((anchor as HTMLAnchorElement).href).pathname,
          label: anchor.textContent ?? '',
        })),
      );
      const pages = new Map(links.map(({ path, label }) => [path, label]));
      expect(pages.size).toBeGreaterThan(0);
      const found: string[] = [];
      for (const [path, label] of pages) {
        await page.goto(path);
        await page.getByTestId('topbar-user').waitFor();
        await settle(page);
        // Each page is named after its navigation entry.
        expect(await page.title(), path).toBe(`${label} · Shiftline`);
        found.push(...(await seriousViolations(page, `${role} ${path}`)));
      }
      if (found.length > 0) await screenshot(page, `a11y-${role}`);
      expect(found).toEqual([]);
      await page.context().close();
    });
  }

  it("the pages outside the navigation: profile dialogs, sign-out, a user's calendar, an unknown address", async () => {
    const page = await signedInPage(browser(), ROLE_EMAILS.schedule_supervisor);
    // A schedule supervisor's calendar page for a user (here their own id; the page is the same for any).
    const userId = await page.evaluate(async () => {
      const response = await fetch('/api/auth/me');
      return ((await response.json()) as { user: { id: number } }).user.id;
    });
    const pages: [string, string][] = [
      ['/profile/edit_profile', 'Profile settings'],
      ['/profile/change_password', 'Change password'],
      ['/logout', 'Sign out'],
      [`/schedule/users/${userId}`, 'Agent schedule'],
      ['/no/such/page', 'Page not found'],
    ];
    const found: string[] = [];
    for (const [path, title] of pages) {
      await page.goto(path);
      await page.getByTestId('topbar-user').waitFor();
      await settle(page);
      expect(await page.title(), path).toBe(`${title} · Shiftline`);
      found.push(...(await seriousViolations(page, path)));
    }
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('the wallboard (a wall screen outside the navigation)', async () => {
    const page = await signedInPage(browser(), ROLE_EMAILS.agent_supervisor);
    await page.goto('/wallboard');
    await page.waitForSelector('[data-testid="wallboard"][data-loaded="true"]');
    await settle(page);
    expect(await page.title()).toBe('Wallboard · Shiftline');
    expect(await seriousViolations(page, '/wallboard')).toEqual([]);
    await page.context().close();
  });

  it('a skip link is the first Tab stop and moves focus to the page', async () => {
    const page = await signedInPage(browser(), ROLE_EMAILS.agent);
    await page.goto('/schedule');
    await page.getByTestId('topbar-user').waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByTestId('skip-link');
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await screenshot(page, 'a11y-skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    // Tab then continues inside the page, not in the top bar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    await page.context().close();
  });
});

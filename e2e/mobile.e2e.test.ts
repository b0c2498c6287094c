import { describe, expect, inject, it } from 'vitest';
import { VIEWPORTS } from './support/browser';
import { userFlows } from './support/flows';
import { pagesForFile } from './support/pages';

// Real headless Chromium against `npm start` (see e2e/global-setup.ts), on a 390×844 phone: touch, collapsible menu.
userFlows(VIEWPORTS.mobile);

describe('the mobile menu from the keyboard', () => {
  const newPage = pagesForFile({ baseUrl: inject('e2eBaseUrl'), name: 'mobile-menu' });
  /** /years on a phone with the menu opened and focus on its Forum link; the toggle and the menu. */
  const menuOpenOnForum = async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await page.goto('/years');
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Öppna menyn' });
    const menu = page.locator('#mobile-menu');
    await toggle.click();
    await menu.getByRole('link', { name: 'Forum' }).focus();
    return { page, toggle, menu };
  };

  it('Escape closes the open menu, from one of its links or from its button, and leaves focus on the button', async () => {
    const { page, toggle, menu } = await menuOpenOnForum();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('a link chosen from the menu with Enter closes it and leaves focus on the menu button, not on the page itself', async () => {
    const { page, toggle, menu } = await menuOpenOnForum();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/forum');
    await menu.waitFor({ state: 'detached' });
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});

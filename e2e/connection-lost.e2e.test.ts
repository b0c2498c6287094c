import { describe, expect, inject, it } from 'vitest';
import { VIEWPORTS } from './support/browser';
import { pagesForFile } from './support/pages';

/**
 * The connection goes away in the middle of a visit (a train, a lift): a screen whose data cannot be fetched says
 * that the server could not be reached, in Swedish, with a retry, never that the thing asked for does not exist.
 */
const baseUrl = inject('e2eBaseUrl');
const newPage = pagesForFile({ baseUrl, name: 'connection-lost' });

describe('the connection lost mid-visit', () => {
  it('a year opened in the app says the server cannot be reached, not that the year is missing, and shows it on retry', async () => {
    const page = await newPage(VIEWPORTS.mobile);
    await page.goto('/years');
    const yearCall = '**/api/years/by-year/2011';
    await page.route(yearCall, (route) => route.abort('internetdisconnected'));
    await page.getByRole('main').locator('a[href="/year/2011"]').first().click();
    await page.waitForURL('**/year/2011');
    const main = page.getByRole('main');
    await main.getByText('Kunde inte nå servern').waitFor();
    expect(await main.textContent()).not.toContain('hittades inte');

    await page.unroute(yearCall);
    await main.getByRole('button', { name: 'Försök igen' }).click();
    await main.getByRole('heading', { name: 'Om 2011' }).waitFor();
    expect(await main.textContent()).toContain('Eric Saade');
  });

  it('offline as the browser knows it (navigator.onLine false), a year opened says the server cannot be reached, and shows it on retry once online', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    // The year page's code is loaded while online (a year visited first), and /years reached in the app.
    await page.goto('/year/2011');
    await page.locator('a[href="/years"]').first().click();
    await page.waitForURL('**/years');
    const year = page.getByRole('main').locator('a[href="/year/2012"]').first();
    await year.waitFor();
    await page.context().setOffline(true);
    try {
      await year.click();
      await page.waitForURL('**/year/2012');
      await page.getByRole('main').getByText('Kunde inte nå servern').waitFor();
    } finally {
      await page.context().setOffline(false);
    }
    await page.getByRole('main').getByRole('button', { name: 'Försök igen' }).click();
    await page.getByRole('main').getByRole('heading', { name: 'Om 2012' }).waitFor();
  });
});

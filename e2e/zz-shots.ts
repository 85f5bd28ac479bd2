import { launchBrowser, accessibilityViolations } from './browser';
const base = process.env.BASE ?? 'http://127.0.0.1:18480';
const paths = (process.env.PATHS ?? '/console/sign-in,/console/').split(',');
const browser = await launchBrowser();
for (const [w, h] of [[1280, 800], [768, 1024]]) {
  const context = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') console.log('console error', m.text()); });
  await page.goto(`${base}/console/sign-in`);
  await page.screenshot({ path: `/work/shots/console/sign-in-${w}.png` });
  console.log('sign-in', w, await accessibilityViolations(page));
  await page.getByRole('textbox', { name: /e-mail/i }).fill('owner@demo.test');
  await page.getByLabel(/^password/i).fill('demo-owner-1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Welcome' }).waitFor();
  for (const path of paths.filter((p) => p !== '/console/sign-in')) {
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    const name = path.replace(/^\/console\/?/, '').replace(/\//g, '_') || 'home';
    await page.screenshot({ path: `/work/shots/console/${name}-${w}.png`, fullPage: true });
    console.log(name, w, await accessibilityViolations(page));
  }
  await context.close();
}
await browser.close();

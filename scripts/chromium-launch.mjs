// How our tools start Debian's Chromium: the e2e suite (e2e/playwright.config.ts) and the page
// measurements (measure-pages.mjs, measure-interactive.mjs) launch it the same way.
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

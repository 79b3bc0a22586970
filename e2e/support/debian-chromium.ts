/**
 * How the tests and the benchmarks start Debian's Chromium (docs/architecture.md): Playwright's own browser
 * builds cannot be downloaded here, and without the background-networking flags Chromium keeps
 * trying hosts this closed network refuses.
 */
export const debianChromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

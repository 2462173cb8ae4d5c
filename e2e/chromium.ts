/** Debian's Chromium, never a downloaded browser. The flags keep it off this machine's closed network. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--font-render-hinting=none',
    '--force-color-profile=srgb',
    '--hide-scrollbars',
  ],
};

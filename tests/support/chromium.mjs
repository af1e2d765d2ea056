// Debian's headless Chromium as the project's browser tests and benchmarks launch it (playwright-core,
// never a downloaded browser): where it is, and the flags this machine needs — root (no sandbox), no
// network but the package registries (no background connections), little /dev/shm.
export const CHROMIUM = process.env.CHROMIUM || process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = Object.freeze([
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
]);

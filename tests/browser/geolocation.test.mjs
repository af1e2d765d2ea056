// get_location (SPEC §6) against a real Chromium, driven by playwright-core: with the permission
// granted and a position set, `getLocation()` resolves with that position; without the grant the
// browser refuses and it rejects with 'permission-denied'. The package is the built one in pkg/,
// served with this folder's index.html from 127.0.0.1. get-location.test.mjs beside this file
// checks every option and failure rule with a stubbed navigator.geolocation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(here, '../../pkg');
const TOKYO = { latitude: 35.6762, longitude: 139.6503, accuracy: 12 };

let server;
let browser;

before(async () => {
  assert.ok(existsSync(join(pkgDir, 'geolocation.js')), 'pkg/ is not built: run bash scripts/build-pkg.sh');
  server = await startServer({ pkgDir, pagePath: join(here, 'index.html') });
  // Playwright gives every launch a fresh, temporary user-data-dir and removes it on close.
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 30_000 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** A new page in its own context; `grant` gives it the geolocation permission. */
async function openPage({ grant, position }) {
  const context = await browser.newContext();
  if (grant) await context.grantPermissions(['geolocation'], { origin: server.origin });
  if (position) await context.setGeolocation(position);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${server.origin}/`);
  return { context, page, pageErrors };
}

/** Imports the package's geolocation entry in the page and calls `name(options)`; returns what it settled with. */
function callInPage(page, name, options) {
  return page.evaluate(
    async ([name, options]) => {
      const geolocation = await import('/pkg/geolocation.js');
      try {
        const value = await geolocation[name](options);
        return { settled: 'resolved', value, after: Date.now() };
      } catch (error) {
        const { name: errorName, code, message } = error;
        return { settled: 'rejected', error: { name: errorName, code, message, isError: error instanceof Error } };
      }
    },
    [name, options],
  );
}

test('granted, position set: getLocation() resolves with that position', { timeout: 60_000 }, async () => {
  const start = Date.now();
  const { context, page, pageErrors } = await openPage({ grant: true, position: TOKYO });
  try {
    const result = await callInPage(page, 'getLocation');
    assert.equal(result.settled, 'resolved', JSON.stringify(result));
    const { latitude, longitude, accuracy, timestamp } = result.value;
    assert.deepEqual(Object.keys(result.value).sort(), ['accuracy', 'latitude', 'longitude', 'timestamp']);
    assert.deepEqual({ latitude, longitude, accuracy }, TOKYO);
    assert.equal(typeof timestamp, 'number');
    // Chromium stamps an emulated position when it is set (here: before the page opened).
    assert.ok(timestamp >= start - 1000 && timestamp <= result.after + 1000, `timestamp ${timestamp} is not within [${start}, ${result.after}]`);
    assert.deepEqual(pageErrors, []);
  } finally {
    await context.close();
  }
});

test('granted, position moved: a second call gives the new position (no cached one)', { timeout: 60_000 }, async () => {
  const { context, page } = await openPage({ grant: true, position: TOKYO });
  try {
    const first = await callInPage(page, 'getLocation', { timeoutMs: 5000 });
    assert.equal(first.settled, 'resolved', JSON.stringify(first));
    const paris = { latitude: 48.8566, longitude: 2.3522, accuracy: 40 };
    await context.setGeolocation(paris);
    const second = await callInPage(page, 'getLocation', { timeoutMs: 5000 });
    assert.equal(second.settled, 'resolved', JSON.stringify(second));
    const { latitude, longitude, accuracy } = second.value;
    assert.deepEqual({ latitude, longitude, accuracy }, paris);
  } finally {
    await context.close();
  }
});

test('granted, position set: executeGetLocation() gives {success: true, output}', { timeout: 60_000 }, async () => {
  const { context, page } = await openPage({ grant: true, position: TOKYO });
  try {
    const result = await callInPage(page, 'executeGetLocation');
    assert.equal(result.settled, 'resolved', JSON.stringify(result));
    assert.equal(result.value.success, true, JSON.stringify(result.value));
    const { latitude, longitude, accuracy, timestamp } = result.value.output;
    assert.deepEqual({ latitude, longitude, accuracy }, TOKYO);
    assert.equal(typeof timestamp, 'number');
  } finally {
    await context.close();
  }
});

test('not granted: getLocation() rejects with permission-denied and the browser\'s text', { timeout: 60_000 }, async () => {
  const { context, page } = await openPage({ grant: false });
  try {
    const result = await callInPage(page, 'getLocation');
    assert.equal(result.settled, 'rejected', JSON.stringify(result));
    assert.deepEqual(result.error, {
      name: 'AdkGeolocationError',
      code: 'permission-denied',
      message: 'Location permission was denied by the user (User denied Geolocation)',
      isError: true,
    });
  } finally {
    await context.close();
  }
});

// Chromium rejects with a GeolocationPositionError, which is not an Error: the drop-in says what the
// old helper said (SPEC §7); getLocation() above gives the browser's reason.
test('not granted: executeGetLocation() gives the old helper\'s {success: false, error: "Geolocation failed"} and does not reject', { timeout: 60_000 }, async () => {
  const { context, page } = await openPage({ grant: false });
  try {
    const result = await callInPage(page, 'executeGetLocation');
    assert.equal(result.settled, 'resolved', JSON.stringify(result));
    assert.deepEqual(result.value, { success: false, error: 'Geolocation failed' });
  } finally {
    await context.close();
  }
});

test('invalid options: getLocation() rejects with AdkInvalidArgumentError', { timeout: 60_000 }, async () => {
  const { context, page } = await openPage({ grant: true, position: TOKYO });
  try {
    const result = await callInPage(page, 'getLocation', { timeoutMs: -1 });
    assert.equal(result.settled, 'rejected', JSON.stringify(result));
    assert.equal(result.error.name, 'AdkInvalidArgumentError');
    assert.match(result.error.message, /^getLocation\(\): `timeoutMs` is -1; expected a whole number of milliseconds/);
  } finally {
    await context.close();
  }
});

test('in Node (no navigator.geolocation): unsupported', async () => {
  const { getLocation, executeGetLocation } = await import(pathToFileURL(join(pkgDir, 'geolocation.js')).href);
  await assert.rejects(getLocation(), (error) => {
    assert.equal(error.name, 'AdkGeolocationError');
    assert.equal(error.code, 'unsupported');
    assert.match(error.message, /^geolocation is not available in this environment/);
    return true;
  });
  const result = await executeGetLocation();
  assert.equal(result.success, false);
  assert.match(result.error, /^geolocation is not available in this environment/);
});

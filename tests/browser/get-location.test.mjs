// getLocation()'s rules (SPEC §6) in a real Chromium, driven by playwright-core: the options and
// how each bad one is refused, the request the browser gets (high accuracy, the timeout, maximumAge
// 0), the output's four fields, and each failure's own error class, code and text. The paths a real
// browser cannot be made to take on demand (a thrown getCurrentPosition, a malformed position, no
// navigator.geolocation, odd error codes) replace `navigator.geolocation` with a stub for one call,
// which also records what the browser was asked. geolocation.test.mjs beside this file asks the real
// geolocation with a granted and a refused permission. The package is the built one in pkg/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../support/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(here, '../../pkg');
const EXPECTED_TIMEOUT = 'expected a whole number of milliseconds from 0 to 4294967295 (default 10000).';

let server;
let browser;
let context;
let page;

before(async () => {
  assert.ok(existsSync(join(pkgDir, 'tools/get-location.js')), 'pkg/ is not built: run bash scripts/build-pkg.sh');
  server = await startServer({ pkgDir, pagePath: join(here, 'index.html') });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 30_000 });
  context = await browser.newContext();
  page = await context.newPage();
  await page.goto(`${server.origin}/`);
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
});

/**
 * Calls `getLocation(options)` in the page with `navigator.geolocation` replaced by a stub answering
 * `answer` (`{position}`, `{error}`, `{throws}`, `{none: true}` for no geolocation at all, or null
 * for the browser's own), then restores it. `options` may be `{throwingGetter: true}`: an object
 * whose `timeoutMs` getter throws. Returns how the call settled and what the stub was asked.
 */
function call(answer, options) {
  return page.evaluate(
    async ([answer, options, hasOptions]) => {
      const calls = [];
      if (answer !== null) {
        const stub = answer.none
          ? undefined
          : {
              getCurrentPosition(success, failure, request) {
                calls.push({ ...request, hasErrorCallback: typeof failure === 'function' });
                if (answer.throws) throw new TypeError(answer.throws);
                setTimeout(() => ('position' in answer ? success(answer.position) : failure(answer.error)), 0);
              },
            };
        Object.defineProperty(navigator, 'geolocation', { value: stub, configurable: true });
      }
      if (options && options.throwingGetter) {
        options = {
          get timeoutMs() {
            throw new Error('a getter that throws');
          },
        };
      }
      const { getLocation, AdkGeolocationError } = await import('/pkg/geolocation.js');
      const { AdkInvalidArgumentError } = await import('/pkg/errors/errors.js');
      try {
        const value = await (hasOptions ? getLocation(options) : getLocation());
        return { settled: 'resolved', value, calls };
      } catch (error) {
        return {
          settled: 'rejected',
          error: {
            name: error.name,
            code: error.code,
            message: error.message,
            isError: error instanceof Error,
            isClass: error instanceof AdkGeolocationError || error instanceof AdkInvalidArgumentError,
          },
          calls,
        };
      } finally {
        if (answer !== null) delete navigator.geolocation;
      }
    },
    [answer, options, options !== undefined],
  );
}

/** Asserts that `result` is a rejection with this error class name, code and message. */
function assertRejected(result, { name, code, message }) {
  assert.equal(result.settled, 'rejected', JSON.stringify(result));
  const { error } = result;
  assert.equal(error.name, name, JSON.stringify(error));
  assert.equal(error.code, code, JSON.stringify(error));
  assert.equal(error.isError, true, 'rejects with an Error');
  assert.equal(error.isClass, true, `rejects with an instance of the exported ${name} class`);
  if (message instanceof RegExp) assert.match(error.message, message);
  else assert.equal(error.message, message);
}

const TOKYO = { coords: { latitude: 35.6762, longitude: 139.6503, accuracy: 12.5, altitude: null }, timestamp: 1_700_000_000_000 };

test('a position resolves with exactly the four fields, and the browser is asked precisely, fresh, within the timeout', async () => {
  const result = await call({ position: TOKYO }, { timeoutMs: 1234 });
  assert.equal(result.settled, 'resolved', JSON.stringify(result));
  assert.equal(JSON.stringify(result.value), '{"latitude":35.6762,"longitude":139.6503,"accuracy":12.5,"timestamp":1700000000000}');
  assert.deepEqual(result.calls, [{ enableHighAccuracy: true, timeout: 1234, maximumAge: 0, hasErrorCallback: true }]);
});

test('no options, null, {} and {timeoutMs: null} all ask for the default 10 s', async () => {
  for (const options of [undefined, null, {}, { timeoutMs: null }, { timeoutMs: undefined }]) {
    const result = await call({ position: TOKYO }, options);
    assert.equal(result.settled, 'resolved', `${JSON.stringify(options)}: ${JSON.stringify(result)}`);
    assert.deepEqual(result.calls.map((c) => c.timeout), [10_000], JSON.stringify(options));
  }
});

test('timeoutMs: every whole number of ms from 0 to 4294967295 is asked as given', async () => {
  for (const ms of [0, 1, 2500, 60_000, 4_294_967_295]) {
    const result = await call({ position: TOKYO }, { timeoutMs: ms });
    assert.equal(result.settled, 'resolved', JSON.stringify(result));
    assert.deepEqual(result.calls.map((c) => c.timeout), [ms]);
  }
  // -0 is a valid 0.
  const negativeZero = await call({ position: TOKYO }, { timeoutMs: -0 });
  assert.ok(Object.is(negativeZero.calls[0].timeout, 0), JSON.stringify(negativeZero.calls));
  // With `timeoutMs` given, a stray `timeout` does not matter.
  const both = await call({ position: TOKYO }, { timeoutMs: 500, timeout: 9 });
  assert.deepEqual(both.calls.map((c) => c.timeout), [500]);
});

test('invalid options reject with AdkInvalidArgumentError saying what was given and what was expected; the browser is not asked', async () => {
  const cases = [
    [{ timeoutMs: -1 }, `getLocation(): \`timeoutMs\` is -1; ${EXPECTED_TIMEOUT}`],
    [{ timeoutMs: 2.5 }, `getLocation(): \`timeoutMs\` is 2.5; ${EXPECTED_TIMEOUT}`],
    [{ timeoutMs: 1.5 }, `getLocation(): \`timeoutMs\` is 1.5; ${EXPECTED_TIMEOUT}`],
    [{ timeoutMs: NaN }, `getLocation(): \`timeoutMs\` is NaN; ${EXPECTED_TIMEOUT}`],
    [{ timeoutMs: Infinity }, `getLocation(): \`timeoutMs\` is Infinity; ${EXPECTED_TIMEOUT}`],
    [{ timeoutMs: -Infinity }, `getLocation(): \`timeoutMs\` is -Infinity; ${EXPECTED_TIMEOUT}`],
    [{ timeoutMs: 4_294_967_296 }, `getLocation(): \`timeoutMs\` is 4294967296; ${EXPECTED_TIMEOUT}`],
    [{ timeoutMs: '5000' }, `getLocation(): \`timeoutMs\` is the string '5000'; ${EXPECTED_TIMEOUT}`],
    [{ timeoutMs: true }, `getLocation(): \`timeoutMs\` is a boolean; ${EXPECTED_TIMEOUT}`],
    [{ throwingGetter: true }, `getLocation(): reading \`timeoutMs\` threw; ${EXPECTED_TIMEOUT}`],
    [{ timeout: 5000 }, 'getLocation(): the options have `timeout`, which is not an option of this function; expected `timeoutMs` (milliseconds) for the timeout.'],
    [5000, 'getLocation(): the options are the number 5000; expected {timeoutMs?: number} or nothing.'],
    ['fast', "getLocation(): the options are the string 'fast'; expected {timeoutMs?: number} or nothing."],
    [[5000], 'getLocation(): the options are an array; expected {timeoutMs?: number} or nothing.'],
  ];
  for (const [options, message] of cases) {
    const result = await call({ position: TOKYO }, options);
    assertRejected(result, { name: 'AdkInvalidArgumentError', code: undefined, message });
    assert.deepEqual(result.calls, [], `${message}: the browser was asked anyway`);
  }
});

test('permission denied: its own code, and the browser\'s text in brackets when it gives one', async () => {
  const withText = await call({ error: { code: 1, message: 'User denied Geolocation' } });
  assertRejected(withText, { name: 'AdkGeolocationError', code: 'permission-denied', message: 'Location permission was denied by the user (User denied Geolocation)' });
  const bare = await call({ error: { code: 1, message: '  ' } });
  assertRejected(bare, { name: 'AdkGeolocationError', code: 'permission-denied', message: 'Location permission was denied by the user' });
});

test('position unavailable: its own code, with the browser\'s text when it gives one', async () => {
  const withText = await call({ error: { code: 2, message: 'Network location provider: No response' } });
  assertRejected(withText, { name: 'AdkGeolocationError', code: 'position-unavailable', message: 'The position is unavailable: Network location provider: No response' });
  const bare = await call({ error: { code: 2 } });
  assertRejected(bare, { name: 'AdkGeolocationError', code: 'position-unavailable', message: 'The position is unavailable' });
});

test('timeout: its own code, and the text names the limit (the default 10 s, or the one asked)', async () => {
  const byDefault = await call({ error: { code: 3, message: 'Timeout expired' } });
  assertRejected(byDefault, { name: 'AdkGeolocationError', code: 'timeout', message: 'No position within 10000 ms' });
  assert.deepEqual(byDefault.calls.map((c) => c.timeout), [10_000]);
  const short = await call({ error: { code: 3, message: 'Timeout expired' } }, { timeoutMs: 250 });
  assertRejected(short, { name: 'AdkGeolocationError', code: 'timeout', message: 'No position within 250 ms' });
});

test('no navigator.geolocation: unsupported', async () => {
  const result = await call({ none: true });
  assertRejected(result, {
    name: 'AdkGeolocationError',
    code: 'unsupported',
    message: 'geolocation is not available in this environment (it has no navigator.geolocation)',
  });
});

test('a getCurrentPosition that throws, or an unknown error code: position unavailable, saying what happened', async () => {
  const thrown = await call({ throws: 'blocked by a test' });
  assertRejected(thrown, {
    name: 'AdkGeolocationError',
    code: 'position-unavailable',
    message: 'The position is unavailable: navigator.geolocation.getCurrentPosition failed (blocked by a test)',
  });
  const odd = await call({ error: { code: 7, message: 'odd' } });
  assertRejected(odd, { name: 'AdkGeolocationError', code: 'position-unavailable', message: 'The position is unavailable: the browser reported error code 7 (odd)' });
  const notAnError = await call({ error: 'a string' });
  assertRejected(notAnError, { name: 'AdkGeolocationError', code: 'position-unavailable', message: 'The position is unavailable: navigator.geolocation.getCurrentPosition failed' });
});

test('a malformed position: position unavailable, naming the field, what it was and what was expected', async () => {
  const good = { latitude: 0, longitude: 0, accuracy: 0 };
  const cases = [
    [{ coords: { ...good, latitude: 'north' }, timestamp: 0 }, 'coords.latitude missing, expected degrees from -90 to 90'],
    [{ coords: { ...good, latitude: 91 }, timestamp: 0 }, 'coords.latitude 91, expected degrees from -90 to 90'],
    [{ coords: { ...good, longitude: NaN }, timestamp: 0 }, 'coords.longitude NaN, expected degrees from -180 to 180'],
    [{ coords: { ...good, accuracy: -1 }, timestamp: 0 }, 'coords.accuracy -1, expected metres, 0 or more'],
    [{ coords: good, timestamp: Infinity }, 'timestamp Infinity, expected ms since the epoch'],
    [{ timestamp: 0 }, 'coords.latitude missing, expected degrees from -90 to 90'],
  ];
  for (const [position, named] of cases) {
    const result = await call({ position });
    assertRejected(result, { name: 'AdkGeolocationError', code: 'position-unavailable', message: `The position is unavailable: the browser's answer has ${named}` });
  }
  const edge = await call({ position: { coords: { latitude: -90, longitude: 180, accuracy: 0 }, timestamp: 0 } });
  assert.deepEqual(edge.value, { latitude: -90, longitude: 180, accuracy: 0, timestamp: 0 });
});

// The browser's own geolocation, no stub. Without the permission Chromium refuses at once. With it
// but no position (no emulated one, no network provider here) nothing comes, so the real timeout
// path runs: at the limit asked, and at once for `timeoutMs: 0`, which is valid. (A real "position
// unavailable" needs a provider that fails; the stub above stands in for it.)
test('the real browser: a refused permission, and the timeout at the limit asked', async () => {
  const refused = await call(null);
  assertRejected(refused, { name: 'AdkGeolocationError', code: 'permission-denied', message: 'Location permission was denied by the user (User denied Geolocation)' });

  const granted = await browser.newContext();
  try {
    await granted.grantPermissions(['geolocation'], { origin: server.origin });
    const grantedPage = await granted.newPage();
    await grantedPage.goto(`${server.origin}/`);
    const timed = (options) =>
      grantedPage.evaluate(async (options) => {
        const { getLocation } = await import('/pkg/geolocation.js');
        const started = performance.now();
        try {
          return { settled: 'resolved', value: await getLocation(options) };
        } catch (error) {
          return { settled: 'rejected', error: { name: error.name, code: error.code, message: error.message }, ms: performance.now() - started };
        }
      }, options);
    const zero = await timed({ timeoutMs: 0 });
    assert.deepEqual(zero.error, { name: 'AdkGeolocationError', code: 'timeout', message: 'No position within 0 ms' }, JSON.stringify(zero));
    const half = await timed({ timeoutMs: 500 });
    assert.deepEqual(half.error, { name: 'AdkGeolocationError', code: 'timeout', message: 'No position within 500 ms' }, JSON.stringify(half));
    assert.ok(half.ms >= 450 && half.ms < 5000, `the browser's timeout came after ${half.ms} ms, expected about 500`);
  } finally {
    await granted.close();
  }
});

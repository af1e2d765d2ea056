// SPEC §6, §7 under jsdom, as apps test their code: `executeGetLocation()` and `getLocation()` with a
// mocked `navigator.geolocation` and no real browser `Window` behind it.
import { afterEach, describe, expect, it } from 'vitest';
import { executeGetLocation, getLocation } from 'adk-stream-wasm';
import { executeGetLocation as fromGeolocationEntry } from 'adk-stream-wasm/geolocation';

const POSITION = { coords: { latitude: 35.6762, longitude: 139.6503, accuracy: 20 }, timestamp: 1_767_225_600_000 };
const LOCATION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 };

/** Replaces navigator.geolocation with a mock answering `answer`; returns the options it was asked with. */
function mockGeolocation(answer: { position: unknown } | { error: { code?: number; message: string } } | undefined) {
  const calls: any[] = [];
  const geolocation =
    answer === undefined
      ? undefined
      : {
          getCurrentPosition(success: (p: unknown) => void, failure: (e: unknown) => void, options: any) {
            calls.push({ ...options, hasErrorCallback: typeof failure === 'function' });
            setTimeout(() => ('position' in answer ? success(answer.position) : failure(answer.error)), 0);
          },
        };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return calls;
}

afterEach(() => {
  delete (navigator as any).geolocation;
});

describe('geolocation under jsdom with a mocked navigator.geolocation', () => {
  it('runs under jsdom, not Node alone', () => {
    expect(typeof window).toBe('object');
    expect(navigator.userAgent).toContain('jsdom');
  });

  it('success: executeGetLocation() gives {success: true, output} and asks as the old helper did (precise, fresh, within 5 s)', async () => {
    const calls = mockGeolocation({ position: POSITION });
    await expect(executeGetLocation()).resolves.toEqual({ success: true, output: LOCATION });
    expect(calls).toEqual([{ enableHighAccuracy: true, timeout: 5000, maximumAge: 0, hasErrorCallback: true }]);
  });

  it('success: getLocation() (10 s by default) and the adk-stream-wasm/geolocation entry give the same position', async () => {
    const calls = mockGeolocation({ position: POSITION });
    await expect(getLocation()).resolves.toEqual(LOCATION);
    await expect(fromGeolocationEntry()).resolves.toEqual({ success: true, output: LOCATION });
    expect(calls.map((options) => options.timeout)).toEqual([10_000, 5000]);
    expect(fromGeolocationEntry).toBe(executeGetLocation);
  });

  // A browser rejects with a GeolocationPositionError, which is not an Error: the old helper's
  // executeGetLocation() said "Geolocation failed" for each of them; getLocation() says which.
  it('permission denied (a GeolocationPositionError, not an Error): executeGetLocation() says "Geolocation failed", getLocation() says why', async () => {
    mockGeolocation({ error: { code: 1, message: 'User denied Geolocation' } });
    await expect(executeGetLocation()).resolves.toEqual({ success: false, error: 'Geolocation failed' });
    await expect(getLocation()).rejects.toMatchObject({
      name: 'AdkGeolocationError',
      code: 'permission-denied',
      message: 'Location permission was denied by the user (User denied Geolocation)',
    });
  });

  it('position unavailable: "Geolocation failed" from the drop-in, its own text from getLocation()', async () => {
    mockGeolocation({ error: { code: 2, message: 'Network location provider: No response' } });
    await expect(executeGetLocation()).resolves.toEqual({ success: false, error: 'Geolocation failed' });
    await expect(getLocation()).rejects.toMatchObject({
      name: 'AdkGeolocationError',
      code: 'position-unavailable',
      message: 'The position is unavailable: Network location provider: No response',
    });
  });

  it('timeout: "Geolocation failed" from the drop-in; getLocation() names the limit', async () => {
    mockGeolocation({ error: { code: 3, message: 'Timeout expired' } });
    await expect(executeGetLocation()).resolves.toEqual({ success: false, error: 'Geolocation failed' });
    await expect(getLocation({ timeoutMs: 250 })).rejects.toMatchObject({
      name: 'AdkGeolocationError',
      code: 'timeout',
      message: 'No position within 250 ms',
    });
  });

  it("a mock that fails with an Error: executeGetLocation() gives that Error's own message", async () => {
    mockGeolocation({ error: new Error('User denied Geolocation (mocked)') as any });
    await expect(executeGetLocation()).resolves.toEqual({ success: false, error: 'User denied Geolocation (mocked)' });
  });

  it('a mock whose getCurrentPosition throws an Error: its message, and no rejection', async () => {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition() {
          throw new TypeError('Illegal invocation');
        },
      },
    });
    await expect(executeGetLocation()).resolves.toEqual({ success: false, error: 'Illegal invocation' });
  });

  it('no navigator.geolocation at all: the clear "not available" error, not a crash', async () => {
    mockGeolocation(undefined);
    await expect(executeGetLocation()).resolves.toEqual({
      success: false,
      error: 'geolocation is not available in this environment (it has no navigator.geolocation)',
    });
    await expect(getLocation()).rejects.toMatchObject({ name: 'AdkGeolocationError', code: 'unsupported' });
  });
});

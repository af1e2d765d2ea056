// SPEC §6, §7 under jsdom, as apps test their code: `executeGetLocation()` and `getLocation()` with a
// mocked `navigator.geolocation` and no real browser `Window` behind it.
import { afterEach, describe, expect, it } from 'vitest';
import { executeGetLocation, getLocation } from 'adk-stream-wasm';
import { executeGetLocation as fromGeolocationEntry } from 'adk-stream-wasm/geolocation';

const POSITION = { coords: { latitude: 35.6762, longitude: 139.6503, accuracy: 20 }, timestamp: 1_767_225_600_000 };
const LOCATION = { latitude: 35.6762, longitude: 139.6503, accuracy: 20, timestamp: 1_767_225_600_000 };

/** Replaces navigator.geolocation with a mock answering `answer`; returns the options it was asked with. */
function mockGeolocation(answer: { position: unknown } | { error: { code: number; message: string } } | undefined) {
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

  it('success: executeGetLocation() gives {success: true, output} and asks for a fresh, precise position within 10 s', async () => {
    const calls = mockGeolocation({ position: POSITION });
    await expect(executeGetLocation()).resolves.toEqual({ success: true, output: LOCATION });
    expect(calls).toEqual([{ enableHighAccuracy: true, timeout: 10_000, maximumAge: 0, hasErrorCallback: true }]);
  });

  it('success: getLocation() and the adk-stream-wasm/geolocation entry give the same position', async () => {
    mockGeolocation({ position: POSITION });
    await expect(getLocation()).resolves.toEqual(LOCATION);
    await expect(fromGeolocationEntry()).resolves.toEqual({ success: true, output: LOCATION });
  });

  it('permission denied: {success: false} with its own clear error', async () => {
    mockGeolocation({ error: { code: 1, message: 'User denied Geolocation' } });
    await expect(executeGetLocation()).resolves.toEqual({
      success: false,
      error: 'Location permission was denied by the user (User denied Geolocation)',
    });
    await expect(getLocation()).rejects.toMatchObject({ name: 'AdkGeolocationError', code: 'permission-denied' });
  });

  it('position unavailable: {success: false} with its own clear error', async () => {
    mockGeolocation({ error: { code: 2, message: 'Network location provider: No response' } });
    await expect(executeGetLocation()).resolves.toEqual({
      success: false,
      error: 'The position is unavailable: Network location provider: No response',
    });
    await expect(getLocation()).rejects.toMatchObject({ name: 'AdkGeolocationError', code: 'position-unavailable' });
  });

  it('timeout: {success: false} naming the limit', async () => {
    mockGeolocation({ error: { code: 3, message: 'Timeout expired' } });
    await expect(executeGetLocation()).resolves.toEqual({ success: false, error: 'No position within 10000 ms' });
    await expect(getLocation({ timeoutMs: 250 })).rejects.toMatchObject({
      name: 'AdkGeolocationError',
      code: 'timeout',
      message: 'No position within 250 ms',
    });
  });

  it('no navigator.geolocation at all: the clear "not available" error, not a crash', async () => {
    mockGeolocation(undefined);
    const result = await executeGetLocation();
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/^geolocation is not available in this environment/);
    await expect(getLocation()).rejects.toMatchObject({ name: 'AdkGeolocationError', code: 'unsupported' });
  });
});

// SPEC §7 under jsdom: the tool executor registry with the old helpers' behaviour, and the React
// hook `useToolExecutors(deps?)` rendered with @testing-library/react's renderHook.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  executeChangeBgm,
  executeGetLocation,
  getToolExecutor,
  hasToolExecutor,
  registerToolExecutor,
  resetToolExecutors,
  type ToolExecutor,
  type ToolExecutorDependencies,
} from 'adk-stream-wasm';
import { useToolExecutors } from 'adk-stream-wasm/react';

/** A BGM channel as the old apps' audio context gives it: two tracks, switchTrack() toggles. */
function bgmChannel(currentTrack = 0) {
  const channel = {
    currentTrack,
    switchTrack: vi.fn(() => {
      channel.currentTrack = channel.currentTrack === 0 ? 1 : 0;
    }),
  };
  return channel;
}

afterEach(() => {
  resetToolExecutors();
  delete (navigator as any).geolocation;
});

describe('the tool executor registry (old behaviour)', () => {
  it('starts with get_location and change_bgm', () => {
    expect(hasToolExecutor('get_location')).toBe(true);
    expect(hasToolExecutor('change_bgm')).toBe(true);
    expect(typeof getToolExecutor('get_location')).toBe('function');
    expect(getToolExecutor('change_bgm')).toBe(executeChangeBgm);
    expect(hasToolExecutor('process_payment')).toBe(false);
    expect(getToolExecutor('process_payment')).toBeUndefined();
  });

  it('registerToolExecutor adds or replaces; resetToolExecutors restores the two built-in executors', async () => {
    const copy: ToolExecutor = vi.fn(async () => ({ success: true, output: { text: 'copied' } }));
    const bgm: ToolExecutor = vi.fn(async () => ({ success: false, error: 'muted' }));
    registerToolExecutor('read_clipboard', copy);
    registerToolExecutor('change_bgm', bgm);
    expect(getToolExecutor('read_clipboard')).toBe(copy);
    expect(getToolExecutor('change_bgm')).toBe(bgm);

    resetToolExecutors();
    expect(hasToolExecutor('read_clipboard')).toBe(false);
    expect(getToolExecutor('change_bgm')).toBe(executeChangeBgm);
    expect(hasToolExecutor('get_location')).toBe(true);
    expect(copy).not.toHaveBeenCalled();
  });

  it('registerToolExecutor rejects a bad name or a non-function with AdkInvalidArgumentError', () => {
    expect(() => registerToolExecutor('', (async () => ({ success: true })) as ToolExecutor)).toThrowError(
      expect.objectContaining({ name: 'AdkInvalidArgumentError' }),
    );
    expect(() => registerToolExecutor('x', 'nope' as any)).toThrowError(/the executor for x is the string 'nope'; expected a function/);
  });

  it('the registry answers before `ready` is awaited (plain JS, no WebAssembly)', async () => {
    const { registerToolExecutor: register, hasToolExecutor: has } = await import('adk-stream-wasm');
    register('late', (async () => ({ success: true })) as ToolExecutor);
    expect(has('late')).toBe(true);
  });

  it('change_bgm: the requested track is 1-based, the channel 0-based; on track 1 (index 0), track 2 switches once', async () => {
    const channel = bgmChannel(0);
    await expect(executeChangeBgm({ track: 2 }, { bgmChannel: channel })).resolves.toEqual({
      success: true,
      output: { track: 2, message: 'BGM changed to track 2' },
    });
    expect(channel.switchTrack).toHaveBeenCalledTimes(1);
    expect(channel.currentTrack).toBe(1);
  });

  it('change_bgm: already on the requested track, switchTrack is not called and the result is the same', async () => {
    const channel = bgmChannel(1);
    await expect(executeChangeBgm({ track: 2 }, { bgmChannel: channel })).resolves.toEqual({
      success: true,
      output: { track: 2, message: 'BGM changed to track 2' },
    });
    expect(channel.switchTrack).not.toHaveBeenCalled();
    // Track 1 is index 0: the old backend's `{track: 1}` on a channel at index 0 switches nothing.
    const first = bgmChannel(0);
    await expect(executeChangeBgm({ track: 1 }, { bgmChannel: first })).resolves.toEqual({
      success: true,
      output: { track: 1, message: 'BGM changed to track 1' },
    });
    expect(first.switchTrack).not.toHaveBeenCalled();
  });

  it('change_bgm: no track (or 0) means track 1, switched once from index 1', async () => {
    for (const input of [{}, { track: 0 }, { track: undefined }]) {
      const channel = bgmChannel(1);
      await expect(executeChangeBgm(input, { bgmChannel: channel })).resolves.toEqual({
        success: true,
        output: { track: 1, message: 'BGM changed to track 1' },
      });
      expect(channel.switchTrack).toHaveBeenCalledTimes(1);
      expect(channel.currentTrack).toBe(0);
    }
  });

  it('change_bgm without a BGM channel fails with exactly "BGM channel not available", and switches nothing', async () => {
    await expect(executeChangeBgm({ track: 1 }, {})).resolves.toEqual({ success: false, error: 'BGM channel not available' });
    await expect(executeChangeBgm({ track: 2 }, { bgmChannel: undefined })).resolves.toEqual({ success: false, error: 'BGM channel not available' });
    const viaRegistry = getToolExecutor('change_bgm')!;
    await expect(viaRegistry({ track: 0 }, {})).resolves.toEqual({ success: false, error: 'BGM channel not available' });
  });

  it('the registered get_location is executeGetLocation itself, run against navigator.geolocation', async () => {
    const asked: unknown[] = [];
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: (p: unknown) => void, _fail: unknown, options: unknown) => {
          asked.push(options);
          ok({ coords: { latitude: 1, longitude: 2, accuracy: 3 }, timestamp: 4 });
        },
      },
    });
    const output = { latitude: 1, longitude: 2, accuracy: 3, timestamp: 4 };
    expect(getToolExecutor('get_location')).toBe(executeGetLocation);
    await expect(getToolExecutor('get_location')!({}, {})).resolves.toEqual({ success: true, output });
    await expect(executeGetLocation()).resolves.toEqual({ success: true, output });
    expect(asked).toEqual([
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 },
      { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 },
    ]);
  });
});

describe('useToolExecutors(deps?) (renderHook)', () => {
  it('execute runs the registered executor with the hook deps; isExecutorAvailable asks the registry', async () => {
    const channel = bgmChannel(0);
    const { result } = renderHook(() => useToolExecutors({ bgmChannel: channel }));
    expect(result.current.isExecutorAvailable('change_bgm')).toBe(true);
    expect(result.current.isExecutorAvailable('get_location')).toBe(true);
    expect(result.current.isExecutorAvailable('process_payment')).toBe(false);

    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.execute('change_bgm', { track: 2 });
    });
    expect(outcome).toEqual({ success: true, output: { track: 2, message: 'BGM changed to track 2' } });
    expect(channel.currentTrack).toBe(1);
  });

  it('without deps, change_bgm fails with "BGM channel not available"; an unknown tool gives the old helper\'s "No executor for tool: <name>"', async () => {
    const { result } = renderHook(() => useToolExecutors());
    await expect(result.current.execute('change_bgm', { track: 1 })).resolves.toEqual({ success: false, error: 'BGM channel not available' });
    await expect(result.current.execute('process_payment', {})).resolves.toEqual({
      success: false,
      error: 'No executor for tool: process_payment',
    });
  });

  it('an executor that throws gives {success: false, error}', async () => {
    registerToolExecutor('flaky', async () => {
      throw new Error('the camera is busy');
    });
    const { result } = renderHook(() => useToolExecutors());
    await expect(result.current.execute('flaky', {})).resolves.toEqual({ success: false, error: 'the camera is busy' });
  });

  it('execute and isExecutorAvailable keep their identity across renders, and execute uses the latest deps', async () => {
    const first = bgmChannel(0);
    const second = bgmChannel(0);
    const { result, rerender } = renderHook((deps: ToolExecutorDependencies) => useToolExecutors(deps), {
      initialProps: { bgmChannel: first },
    });
    const before = result.current;
    rerender({ bgmChannel: second });
    expect(result.current.execute).toBe(before.execute);
    expect(result.current.isExecutorAvailable).toBe(before.isExecutorAvailable);
    await act(async () => {
      await result.current.execute('change_bgm', { track: 2 });
    });
    expect(second.switchTrack).toHaveBeenCalledTimes(1);
    expect(first.switchTrack).not.toHaveBeenCalled();
  });

  it('a tool registered after the first render is available to it', () => {
    const { result } = renderHook(() => useToolExecutors());
    expect(result.current.isExecutorAvailable('read_clipboard')).toBe(false);
    registerToolExecutor('read_clipboard', async () => ({ success: true, output: 'text' }));
    expect(result.current.isExecutorAvailable('read_clipboard')).toBe(true);
  });
});

// Issue 32 §4, "One API", through useAdkChat under jsdom (renderHook): frontendTools as a function,
// the engine's errors in the hook's onError, and the BIDI transport the hook builds answering as
// BidiTransport does before its module has loaded.
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { AdkInternalError } from 'adk-stream-wasm';
import { useAdkChat } from 'adk-stream-wasm/react';

describe('issue 32 §4 One API: useAdkChat', () => {
  it('frontendTools as a function: the engine uses it, and a new function each render keeps the same chat', () => {
    const { result, rerender } = renderHook(() => useAdkChat({ mode: 'sse', api: '/stream', frontendTools: (name: string) => name === 'pick_file' }));
    const first = result.current.adk;
    expect(first.autoSend.isFrontendTool('pick_file')).toBe(true);
    expect(first.autoSend.isFrontendTool('get_location')).toBe(false);
    rerender();
    expect(result.current.adk).toBe(first);
  });

  it("the hook's onError hears the engine's trap (AdkInternalError)", () => {
    const errors: unknown[] = [];
    const { result } = renderHook(() => useAdkChat({ mode: 'sse', api: '/stream', onError: (error: Error) => void errors.push(error) }));
    const tooLarge = { messages: [{ id: 'big', role: 'assistant', parts: new Array(2 ** 30) }] };
    expect(result.current.adk.sendAutomaticallyWhen(tooLarge as any)).toBe(false);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(AdkInternalError);
  });

  it("mode 'bidi': interrupt() before the transport's module has loaded returns false, as BidiTransport's does with no socket", () => {
    const { result, unmount } = renderHook(() => useAdkChat({ mode: 'bidi', url: 'ws://127.0.0.1:1/live' }));
    expect(result.current.transport.connected).toBe(false);
    expect(result.current.transport.interrupt()).toBe(false);
    unmount();
  });
});

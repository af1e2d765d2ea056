// SPEC §7: the drop-in names of the TypeScript helpers this package replaces, imported from the
// three entry points as old apps import them, with the results they give.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as root from 'adk-stream-wasm';
import {
  clearSentApprovalStates,
  extractToolName,
  extractToolNameFromType,
  getFrontendExecuteTools,
  getFrontendExecuteToolsByCategory,
  getToolExecutor,
  hasToolExecutor,
  isFrontendExecuteTool,
  isToolType,
  registerFrontendExecuteTool,
  registerToolExecutor,
  resetFrontendExecuteTools,
  resetToolExecutors,
  sendAutomaticallyWhenCore,
  TOOL_CATEGORIES,
} from 'adk-stream-wasm';
import { sendAutomaticallyWhen as sseSendAutomaticallyWhen } from 'adk-stream-wasm/sse';
import { sendAutomaticallyWhen as bidiSendAutomaticallyWhen } from 'adk-stream-wasm/bidi';
import { conversation, requested, responded, textPart, tool } from './helpers/messages.js';

afterEach(() => {
  clearSentApprovalStates();
  resetFrontendExecuteTools();
  resetToolExecutors();
});

const DROP_IN_NAMES = [
  'executeGetLocation',
  'sendAutomaticallyWhenCore',
  'clearSentApprovalStates',
  'extractToolName',
  'extractToolNameFromType',
  'isToolType',
  'registerFrontendExecuteTool',
  'isFrontendExecuteTool',
  'getFrontendExecuteTools',
  'getFrontendExecuteToolsByCategory',
  'resetFrontendExecuteTools',
  'registerToolExecutor',
  'getToolExecutor',
  'hasToolExecutor',
  'resetToolExecutors',
  'executeChangeBgm',
];

describe('SPEC §7 drop-in names', () => {
  it('adk-stream-wasm exports every drop-in function of SPEC §7', () => {
    const missing = DROP_IN_NAMES.filter((name) => typeof (root as any)[name] !== 'function');
    expect(missing).toEqual([]);
  });

  it('adk-stream-wasm exports executeGetLocation, which resolves {success: false, error} without geolocation (Node)', async () => {
    expect(typeof root.executeGetLocation).toBe('function');
    const result = await root.executeGetLocation();
    expect(result).toMatchObject({ success: false, error: expect.any(String) });
  });

  it('adk-stream-wasm/geolocation executeGetLocation is the same function, and says why without geolocation (Node)', async () => {
    const { executeGetLocation } = await import('adk-stream-wasm/geolocation');
    expect(executeGetLocation).toBe(root.executeGetLocation);
    await expect(executeGetLocation()).resolves.toEqual({
      success: false,
      error: 'geolocation is not available in this environment (it has no navigator.geolocation)',
    });
  });

  it('executeChangeBgm as the old helper: 1-based track (default 1), one switch only when on another track, its result shape', async () => {
    const channel = { currentTrack: 0, switchTrack: vi.fn(() => void (channel.currentTrack = 1 - channel.currentTrack)) };
    await expect(root.executeChangeBgm({ track: 2 }, { bgmChannel: channel })).resolves.toEqual({
      success: true,
      output: { track: 2, message: 'BGM changed to track 2' },
    });
    expect(channel.switchTrack).toHaveBeenCalledTimes(1);
    await expect(root.executeChangeBgm({ track: 2 }, { bgmChannel: channel })).resolves.toMatchObject({ success: true });
    expect(channel.switchTrack).toHaveBeenCalledTimes(1);
    await expect(root.executeChangeBgm({}, { bgmChannel: channel })).resolves.toEqual({
      success: true,
      output: { track: 1, message: 'BGM changed to track 1' },
    });
    expect(channel.switchTrack).toHaveBeenCalledTimes(2);
    expect(channel.currentTrack).toBe(0);
    await expect(root.executeChangeBgm({ track: 1 }, {})).resolves.toEqual({ success: false, error: 'BGM channel not available' });
  });

  it('adk-stream-wasm/sse sendAutomaticallyWhen: an answer is sent once; a get_location approval waits for its output', () => {
    const answered = conversation(responded('process_payment', true));
    expect(sseSendAutomaticallyWhen(answered)).toBe(true);
    expect(sseSendAutomaticallyWhen(answered)).toBe(false);
    expect(sseSendAutomaticallyWhen(conversation(responded('get_location', true)))).toBe(false);
    expect(sseSendAutomaticallyWhen(conversation(requested('process_payment')))).toBe(false);
    expect(sseSendAutomaticallyWhen(null as any)).toBe(false);
  });

  it('adk-stream-wasm/bidi sendAutomaticallyWhen: an answer is sent once; Pattern A by default', () => {
    const answered = conversation(responded('process_payment', false));
    expect(bidiSendAutomaticallyWhen(answered)).toBe(true);
    expect(bidiSendAutomaticallyWhen(answered)).toBe(false);
    expect(bidiSendAutomaticallyWhen(conversation(responded('get_location', true)))).toBe(false);
    expect(bidiSendAutomaticallyWhen({ messages: 'nope' } as any)).toBe(false);
  });

  it('the /sse and /bidi default engines do not share memory', () => {
    const answered = conversation(responded('process_payment', true));
    expect(sseSendAutomaticallyWhen(answered)).toBe(true);
    expect(bidiSendAutomaticallyWhen(answered)).toBe(true);
  });

  it('sendAutomaticallyWhenCore({messages, mode}, log) decides with the default engine of the mode and logs why', () => {
    const log = vi.fn();
    const answered = conversation(responded('process_payment', true));
    expect(sendAutomaticallyWhenCore({ ...answered, mode: 'sse' }, log)).toBe(true);
    expect(sendAutomaticallyWhenCore({ ...answered, mode: 'sse' }, log)).toBe(false);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls.every(([line]) => typeof line === 'string' && line.length > 0)).toBe(true);
    // The same default engine as adk-stream-wasm/sse.
    expect(sseSendAutomaticallyWhen(answered)).toBe(false);
    expect(sendAutomaticallyWhenCore({ ...answered, mode: 'bidi' })).toBe(true);
  });

  it('sendAutomaticallyWhenCore decides without a mode, or with mode unknown, as the old helper did', () => {
    clearSentApprovalStates();
    const log = vi.fn();
    const answered = conversation(responded('a', true));
    expect(sendAutomaticallyWhenCore({ messages: answered.messages }, log)).toBe(true);
    expect(log).toHaveBeenLastCalledWith(expect.stringContaining('decided by Pattern A'));
    expect(sendAutomaticallyWhenCore({ ...answered, mode: 'unknown' as any })).toBe(false);
    // Pattern A without a mode: an approved browser tool still waits for its output.
    const approvedLocation = conversation(responded('get_location', true));
    expect(sendAutomaticallyWhenCore({ messages: approvedLocation.messages })).toBe(false);
    expect(sendAutomaticallyWhenCore({ ...conversation(responded('b', false)), mode: 'http' as any }, log)).toBe(true);
    expect(log).toHaveBeenLastCalledWith(expect.stringContaining('http'));
  });

  it('clearSentApprovalStates() forgets what the default engines sent', () => {
    const answered = conversation(responded('process_payment', true));
    expect(sseSendAutomaticallyWhen(answered)).toBe(true);
    expect(bidiSendAutomaticallyWhen(answered)).toBe(true);
    clearSentApprovalStates();
    expect(sseSendAutomaticallyWhen(answered)).toBe(true);
    expect(bidiSendAutomaticallyWhen(answered)).toBe(true);
  });

  it('extractToolName, extractToolNameFromType and isToolType', () => {
    expect(extractToolName({ type: 'tool-get_weather' })).toBe('get_weather');
    expect(extractToolName({ type: 'dynamic-tool', toolName: 'get_location' })).toBe('get_location');
    expect(extractToolName(textPart('hi'), 'none')).toBe('none');
    expect(extractToolName(null, 'fallback')).toBe('fallback');
    expect(extractToolName(undefined)).toBe('');
    expect(extractToolNameFromType('tool-process_payment')).toBe('process_payment');
    expect(isToolType('tool-process_payment')).toBe(true);
    expect(isToolType('text')).toBe(false);
    expect(isToolType('step-start')).toBe(false);
  });

  it('old behaviour: extractToolNameFromType returns a type without the tool- prefix unchanged; isToolType is true exactly for tool-*', () => {
    expect(extractToolNameFromType('text')).toBe('text');
    expect(extractToolNameFromType('dynamic-tool')).toBe('dynamic-tool');
    expect(extractToolNameFromType('step-start')).toBe('step-start');
    expect(extractToolNameFromType('tool-')).toBe('');
    // The type guard `type is \`tool-${string}\``: dynamic-tool is not one.
    expect(isToolType('dynamic-tool')).toBe(false);
    expect(isToolType('tool-')).toBe(true);
    expect(isToolType(42 as any)).toBe(false);
  });

  it('the frontend tool registry: defaults, register, by category, reset', () => {
    expect(TOOL_CATEGORIES).toEqual(['geolocation', 'camera', 'microphone', 'notification', 'clipboard', 'other']);
    const defaults = getFrontendExecuteTools();
    expect(defaults.map((t) => t.name).sort()).toEqual(['get_camera', 'get_location', 'take_photo']);
    expect(defaults.find((t) => t.name === 'get_location')?.category).toBe('geolocation');
    expect(getFrontendExecuteToolsByCategory('camera').map((t) => t.name).sort()).toEqual(['get_camera', 'take_photo']);
    expect(isFrontendExecuteTool('get_location')).toBe(true);
    expect(isFrontendExecuteTool('process_payment')).toBe(false);

    registerFrontendExecuteTool({ name: 'read_clipboard', category: 'clipboard', description: 'Reads the clipboard' });
    expect(isFrontendExecuteTool('read_clipboard')).toBe(true);
    expect(getFrontendExecuteToolsByCategory('clipboard')).toEqual([expect.objectContaining({ name: 'read_clipboard', category: 'clipboard' })]);

    resetFrontendExecuteTools();
    expect(isFrontendExecuteTool('read_clipboard')).toBe(false);
    expect(getFrontendExecuteTools().map((t) => t.name).sort()).toEqual(['get_camera', 'get_location', 'take_photo']);
  });

  it('a tool registered in the registry is a browser tool for the drop-in decision (Pattern A)', () => {
    const approved = conversation(responded('read_clipboard', true));
    expect(sendAutomaticallyWhenCore({ ...approved, mode: 'sse' })).toBe(true);
    clearSentApprovalStates();
    registerFrontendExecuteTool({ name: 'read_clipboard', category: 'clipboard' });
    expect(sendAutomaticallyWhenCore({ ...approved, mode: 'sse' })).toBe(false);
  });

  it('an engine asked again on the same message after the registry changed reads the new flags', () => {
    const approved = conversation(responded('read_clipboard', true));
    const engine = root.createAutoSend({ mode: 'sse' });
    // Explain remembers nothing, so only the registry differs between the two asks.
    expect(engine.explain(approved).rule).toBe('unsent-user-action');
    registerFrontendExecuteTool({ name: 'read_clipboard', category: 'clipboard' });
    expect(engine.explain(approved).rule).toBe('awaiting-browser-output');
    resetFrontendExecuteTools();
    expect(engine.explain(approved).rule).toBe('unsent-user-action');
  });

  it('registerFrontendExecuteTool with an unknown category is a clear error', () => {
    expect(() => registerFrontendExecuteTool({ name: 'x', category: 'telepathy' as any })).toThrowError(/telepathy/);
  });

  it('tool executors start with get_location and change_bgm; resetToolExecutors restores them', () => {
    expect(hasToolExecutor('get_location')).toBe(true);
    expect(hasToolExecutor('change_bgm')).toBe(true);
    expect(getToolExecutor('change_bgm')).toBe(root.executeChangeBgm);
    registerToolExecutor('change_bgm', async () => ({ success: true }));
    expect(getToolExecutor('change_bgm')).not.toBe(root.executeChangeBgm);
    resetToolExecutors();
    expect(getToolExecutor('change_bgm')).toBe(root.executeChangeBgm);
    expect(hasToolExecutor('get_location')).toBe(true);
  });

  it('tool executors: register, get, has, reset', () => {
    const executor = vi.fn(async () => ({ text: 'copied' }));
    expect(hasToolExecutor('read_clipboard')).toBe(false);
    registerToolExecutor('read_clipboard', executor);
    expect(hasToolExecutor('read_clipboard')).toBe(true);
    expect(getToolExecutor('read_clipboard')).toBe(executor);
    resetToolExecutors();
    expect(hasToolExecutor('read_clipboard')).toBe(false);
    expect(getToolExecutor('read_clipboard')).toBeUndefined();
    expect(executor).not.toHaveBeenCalled();
  });

  it('the drop-in names answer synchronously once the module is loaded (always at import in Node)', async () => {
    await root.ready;
    const result = sseSendAutomaticallyWhen(conversation(tool('search', 'output-available', { output: 1 }), textPart('done')));
    expect(result).toBe(false);
    expect(typeof result).toBe('boolean');
  });
});

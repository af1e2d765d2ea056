// SPEC §7: every drop-in name's declaration against the old helper's (old-helpers.d.ts), both ways:
// a value of the old type fits where the package's is expected, and a value of the package's type
// fits where the old one was (app code typed against either compiles). tsc --noEmit, strict; a
// mismatch is a compile error, which fails scripts/test-js.sh.
import { describe, expectTypeOf, it } from 'vitest';
import type * as Old from './old-helpers.js';
import * as Pkg from 'adk-stream-wasm';
import * as Sse from 'adk-stream-wasm/sse';
import * as Bidi from 'adk-stream-wasm/bidi';
import * as ReactEntry from 'adk-stream-wasm/react';

/** Compiles only when `Before` and `After` are assignable to each other. */
function bothWays<Before, After>(_toPackage: (old: Before) => After, _toOld: (current: After) => Before): void {}
const same = <T,>(value: T) => value;

describe('the drop-in declarations accept the old signatures, and the old ones accept them', () => {
  it('are real declarations, not any', () => {
    expectTypeOf(Pkg.sendAutomaticallyWhenCore).not.toBeAny();
    expectTypeOf(Sse.sendAutomaticallyWhen).not.toBeAny();
    expectTypeOf(Bidi.sendAutomaticallyWhen).not.toBeAny();
    expectTypeOf(Pkg.registerToolExecutor).not.toBeAny();
    expectTypeOf(ReactEntry.useToolExecutors).not.toBeAny();
    expectTypeOf<Pkg.ToolExecutor>().not.toBeAny();
    expectTypeOf<Pkg.SendAutomaticallyWhenOptions>().not.toBeAny();
  });

  it('types: SendAutomaticallyWhenOptions (main, /sse, /bidi), ToolExecutor, ToolExecutorResult, ToolExecutorDependencies, FrontendExecuteCategory, FrontendExecuteToolDefinition', () => {
    bothWays<Old.SendAutomaticallyWhenOptions, Pkg.SendAutomaticallyWhenOptions>(same, same);
    bothWays<Old.SendAutomaticallyWhenOptions, Sse.SendAutomaticallyWhenOptions>(same, same);
    bothWays<Old.SendAutomaticallyWhenOptions, Bidi.SendAutomaticallyWhenOptions>(same, same);
    bothWays<Old.ToolExecutor, Pkg.ToolExecutor>(same, same);
    bothWays<Old.ToolExecutorResult, Pkg.ToolExecutorResult>(same, same);
    bothWays<Old.ToolExecutorDependencies, Pkg.ToolExecutorDependencies>(same, same);
    bothWays<Old.FrontendExecuteCategory, Pkg.FrontendExecuteCategory>(same, same);
    bothWays<Old.FrontendExecuteToolDefinition, Pkg.FrontendExecuteToolDefinition>(same, same);
    // `mode` is optional and may be 'unknown'.
    const withoutMode: Pkg.SendAutomaticallyWhenOptions = { messages: [] };
    const unknownMode: Pkg.SendAutomaticallyWhenOptions = { messages: [], mode: 'unknown' };
    void withoutMode;
    void unknownMode;
  });

  it('the decision functions of /sse, /bidi and the main entry', () => {
    bothWays<typeof Old.sendAutomaticallyWhen, typeof Sse.sendAutomaticallyWhen>(same, same);
    bothWays<typeof Old.sendAutomaticallyWhen, typeof Bidi.sendAutomaticallyWhen>(same, same);
    bothWays<typeof Old.sendAutomaticallyWhenCore, typeof Pkg.sendAutomaticallyWhenCore>(same, same);
    bothWays<typeof Old.clearSentApprovalStates, typeof Pkg.clearSentApprovalStates>(same, same);
    // Called as the old apps called it: no mode, and a log.
    const send: boolean = Pkg.sendAutomaticallyWhenCore({ messages: [] }, (line: string) => void line);
    void send;
  });

  it('tool names and types; isToolType is a type guard', () => {
    bothWays<typeof Old.extractToolName, typeof Pkg.extractToolName>(same, same);
    bothWays<typeof Old.extractToolNameFromType, typeof Pkg.extractToolNameFromType>(same, same);
    bothWays<typeof Old.isToolType, typeof Pkg.isToolType>(same, same);
    const type: string = 'tool-get_location';
    if (Pkg.isToolType(type)) expectTypeOf(type).toEqualTypeOf<`tool-${string}`>();
  });

  it('the frontend tool registry', () => {
    bothWays<typeof Old.registerFrontendExecuteTool, typeof Pkg.registerFrontendExecuteTool>(same, same);
    bothWays<typeof Old.isFrontendExecuteTool, typeof Pkg.isFrontendExecuteTool>(same, same);
    bothWays<typeof Old.getFrontendExecuteTools, typeof Pkg.getFrontendExecuteTools>(same, same);
    bothWays<typeof Old.getFrontendExecuteToolsByCategory, typeof Pkg.getFrontendExecuteToolsByCategory>(same, same);
    bothWays<typeof Old.resetFrontendExecuteTools, typeof Pkg.resetFrontendExecuteTools>(same, same);
  });

  it('the tool executor registry, executeGetLocation, executeChangeBgm and useToolExecutors', () => {
    bothWays<typeof Old.registerToolExecutor, typeof Pkg.registerToolExecutor>(same, same);
    bothWays<typeof Old.getToolExecutor, typeof Pkg.getToolExecutor>(same, same);
    bothWays<typeof Old.hasToolExecutor, typeof Pkg.hasToolExecutor>(same, same);
    bothWays<typeof Old.resetToolExecutors, typeof Pkg.resetToolExecutors>(same, same);
    bothWays<typeof Old.executeGetLocation, typeof Pkg.executeGetLocation>(same, same);
    bothWays<typeof Old.executeChangeBgm, typeof Pkg.executeChangeBgm>(same, same);
    bothWays<typeof Old.useToolExecutors, typeof ReactEntry.useToolExecutors>(same, same);
    // An app's own executor, written as the old apps wrote it.
    Pkg.registerToolExecutor('read_clipboard', async (input, deps) => {
      expectTypeOf(input).toEqualTypeOf<Record<string, unknown>>();
      deps.bgmChannel?.switchTrack();
      return { success: true, output: { text: String(input.text ?? '') } };
    });
  });
});

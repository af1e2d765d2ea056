// Type declarations of the drop-in tool executor registry. The names and shapes are the
// old helpers', so an app's own executors and tests compile unchanged.

/** What an executor answers: the tool's output, or why it failed (the part's `errorText`). */
export interface ToolExecutorResult {
  success: boolean;
  output?: unknown;
  error?: string;
}

/** What the app hands to executors: `change_bgm` switches `bgmChannel`. */
export interface ToolExecutorDependencies {
  bgmChannel?: {
    /** The track playing now (0 or 1). */
    currentTrack: number;
    /** Switches to the other track. */
    switchTrack: () => void;
  };
}

/** Runs one browser tool; registered with `registerToolExecutor(name, fn)`. */
export type ToolExecutor = (input: Record<string, unknown>, deps: ToolExecutorDependencies) => Promise<ToolExecutorResult>;

/** Registers (or replaces) the executor of a tool. Throws `AdkInvalidArgumentError` for a name
 *  that is not a non-empty string or an executor that is not a function. */
export function registerToolExecutor(name: string, executor: ToolExecutor): void;
/** The registered executor of `name` (`get_location` and `change_bgm` from the start). */
export function getToolExecutor(name: string): ToolExecutor | undefined;
export function hasToolExecutor(name: string): boolean;
/** Back to the built-in executors, `get_location` and `change_bgm`. */
export function resetToolExecutors(): void;

/** `change_bgm`: switches `deps.bgmChannel` to `input.track`; without a channel
 *  `{success: false, error: "BGM channel not available"}`. */
export function executeChangeBgm(input: Record<string, unknown>, deps: ToolExecutorDependencies): Promise<ToolExecutorResult>;

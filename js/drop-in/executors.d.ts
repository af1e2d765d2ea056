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
    /** The track playing now, 0-based (0 or 1); `input.track` is 1-based. */
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

/** `change_bgm`, as the old helper: `input.track` is 1-based (default 1) and `deps.bgmChannel.currentTrack`
 *  0-based; `switchTrack()` is called once when the channel is on another track, else not at all.
 *  Resolves `{success: true, output: {track, message: "BGM changed to track <track>"}}`; without a
 *  channel `{success: false, error: "BGM channel not available"}`. Never rejects. */
export function executeChangeBgm(input: Record<string, unknown>, deps: ToolExecutorDependencies): Promise<ToolExecutorResult>;

/** The drop-in of the old helper: one `navigator.geolocation.getCurrentPosition` with
 *  `{enableHighAccuracy: true, timeout: 5000, maximumAge: 0}`. Resolves `{success: true, output:
 *  {latitude, longitude, accuracy, timestamp}}`, or `{success: false, error}` where `error` is the
 *  failure's own `message` when it is an `Error` and "Geolocation failed" otherwise (a browser's
 *  `GeolocationPositionError` is not an `Error`: use `getLocation()` for a text per failure). Plain
 *  JS, no WebAssembly; `globalThis.navigator.geolocation` is looked up at each call, so a mocked one
 *  (jsdom, happy-dom) is used. Never rejects. */
export function executeGetLocation(): Promise<ToolExecutorResult>;

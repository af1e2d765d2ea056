// Type declarations of the built-in `get_location` browser tool.
import type { ToolExecutorResult } from './drop-in/executors.js';

/** The output of `get_location`: what goes into the tool part's `output`. */
export interface UserLocation {
  /** Degrees, -90 to 90. */
  latitude: number;
  /** Degrees, -180 to 180. */
  longitude: number;
  /** Metres (95% confidence), as the browser reports it. */
  accuracy: number;
  /** When the position was taken, ms since the epoch. */
  timestamp: number;
}

export interface GetLocationOptions {
  /** How long the browser may take, in whole ms from 0 (default 10000). The position is always
   *  asked with high accuracy and never taken from a cache (`maximumAge: 0`). */
  timeoutMs?: number;
}

export type GeolocationErrorCode = 'permission-denied' | 'position-unavailable' | 'timeout' | 'unsupported';

/** How `getLocation` rejects when the browser gives no position (declared with the other error classes). */
export { AdkGeolocationError } from './errors/errors.js';

/**
 * The user's position from `navigator.geolocation.getCurrentPosition`. Rejects with an
 * `AdkGeolocationError` (see its `code`), or an `AdkInvalidArgumentError` for bad options.
 * Plain JS, loaded on the first call; it needs no WebAssembly.
 */
export function getLocation(options?: GetLocationOptions): Promise<UserLocation>;

/** `{success: true, output: UserLocation}` or `{success: false, error}`: the old helper's
 *  `ToolExecutorResult`. */
export type ExecuteGetLocationResult = ToolExecutorResult;

/** The drop-in of the TypeScript helper (declared in executors.d.ts): never rejects; the old
 *  helper's 5 s timeout and error words. */
export { executeGetLocation } from './drop-in/executors.js';

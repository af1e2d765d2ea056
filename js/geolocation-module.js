// The geolocation WebAssembly module (src/browser/geolocation.rs), compiled from its embedded
// bytes when geolocation.js first imports this file.
import * as wasm from './wasm/adk_stream_geolocation.js';
import geolocationHex from './wasm/adk_stream_geolocation_bytes.js';
import { instantiate } from './loader.js';

const loaded = instantiate(wasm.initSync, geolocationHex, 'geolocation');

export function getLocation(options) {
  return loaded.error ? Promise.reject(loaded.error) : wasm.getLocation(options);
}

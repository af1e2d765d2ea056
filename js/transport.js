// BidiTransport: AI SDK's ChatTransport over one WebSocket (SPEC §5), implemented in Rust.
// This wrapper only lets an app construct it before the WebAssembly module has loaded (the
// React hook does so at first render); the Rust object is created on first use.
import * as wasm from './wasm/adk_stream_wasm.js';
import { ready, isReady } from './loader.js';

export class BidiTransport {
  #options;
  #inner = null;

  constructor(options) {
    this.#options = options;
    // With the module loaded, bad options throw here, at once.
    if (isReady()) this.#inner = new wasm.BidiTransport(options);
  }

  #transport() {
    if (this.#inner === null) this.#inner = new wasm.BidiTransport(this.#options);
    return this.#inner;
  }

  async sendMessages(options) {
    await ready;
    return this.#transport().sendMessages(options);
  }

  async reconnectToStream(options) {
    await ready;
    return this.#transport().reconnectToStream(options);
  }

  /** BIDI Pattern B: sends a browser tool's output as a `tool_result` frame. */
  sendToolResult(toolCallId, result) {
    return this.#transport().sendToolResult(toolCallId, result);
  }

  interrupt(reason) {
    return this.#transport().interrupt(reason);
  }

  sendAudioControl(action) {
    return this.#transport().sendAudioControl(action);
  }

  sendAudioChunk(chunk) {
    return this.#transport().sendAudioChunk(chunk);
  }

  /** Closes the socket; the next send opens a new one. */
  close() {
    if (this.#inner !== null) this.#inner.close();
  }

  /** Whether a resumed stream replays the response from its start (never: it carries only what
   *  arrived while no stream was open). AI SDK reads this. */
  get resumeStreamIsReplay() {
    return false;
  }

  /** Whether the socket is open now. */
  get connected() {
    return this.#inner !== null && this.#inner.connected;
  }

  /** The last ping round-trip in milliseconds, or undefined before the first pong. */
  get latencyMs() {
    return this.#inner === null ? undefined : this.#inner.latencyMs;
  }
}

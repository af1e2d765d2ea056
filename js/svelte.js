// `adk-stream-wasm/svelte`: AdkChat for Svelte 5, AI SDK's Svelte `Chat` (@ai-sdk/svelte) with this
// library's engine, helpers, browser tools and transport (issue 34). A class with reactive getters,
// as @ai-sdk/svelte's Chat is: each reads the chat's `$state` messages, so a template or a
// `$derived` that reads `pendingApprovals` or `explain` updates with them. Plain JS: the runes live
// in AI SDK's Chat, which the app's Svelte compiler compiles.
import { Chat } from '@ai-sdk/svelte';
import { createFrameworkChat } from './chat/framework-chat.js';

/**
 * `new AdkChat({mode: 'sse' | 'bidi', api?, url?, bidiPattern?, tools?, frontendTools?, backend?,
 * transport?, transportOptions?, id?, ...chatOptions})`. Its types are in svelte.d.ts.
 */
export class AdkChat {
  /** @type {{chat: any, adk: any, transport: any, close: () => void}} */
  #parts;

  /** @param {Record<string, any>} [options] */
  constructor(options = {}) {
    this.#parts = createFrameworkChat(options, Chat, 'AdkChat');
  }

  /** AI SDK's Svelte `Chat` itself. */
  get chat() {
    return this.#parts.chat;
  }
  get adk() {
    return this.#parts.adk;
  }
  get transport() {
    return this.#parts.transport;
  }
  get messages() {
    return this.#parts.chat.messages;
  }
  get status() {
    return this.#parts.chat.status;
  }
  get error() {
    return this.#parts.chat.error;
  }
  /** The pending approvals of the last assistant message, read from the chat's messages now. */
  get pendingApprovals() {
    return this.#parts.adk.pendingApprovals(this.#parts.chat.messages);
  }
  /** Why the engine sends or waits, for the chat's messages now (`rule` is stable). */
  get explain() {
    return this.#parts.adk.explain(this.#parts.chat.messages);
  }

  /** @param {any} [message] @param {any} [options] */
  sendMessage = (message, options) => this.#parts.chat.sendMessage(message, options);
  /** @param {any} [options] */
  regenerate = (options) => this.#parts.chat.regenerate(options);
  stop = () => this.#parts.chat.stop();
  /** @param {string} approvalId @param {{reason?: string}} [options] */
  approve = (approvalId, options) => this.#parts.adk.approve(approvalId, options);
  /** @param {string} approvalId @param {{reason?: string}} [options] */
  deny = (approvalId, options) => this.#parts.adk.deny(approvalId, options);
  /** @param {any} handler */
  answerApprovals = (handler) => this.#parts.adk.answerApprovals(handler);
  /** The library's addToolOutput: it tells the engine the output is the browser's. @param {any} args */
  addToolOutput = (args) => this.#parts.adk.addToolOutput(args);
  /** Detaches the engine and closes the transport it built (call it in `onDestroy`). */
  close = () => this.#parts.close();
}

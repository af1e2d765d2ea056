// Svelte's AdkChat body, shared by `adk-stream-wasm/svelte` (svelte.js, either mode), the SSE-only
// `adk-stream-wasm/svelte/sse` (svelte-sse.js) and the BIDI-only `/svelte/bidi` (svelte-bidi.js): a
// class with reactive getters, as @ai-sdk/svelte's Chat is; each reads the chat's `$state`
// messages. The BIDI parts (chat/bidi-parts.js) and the SSE transport come in as constructor
// arguments, so an entry of one mode leaves the other's out.
import { onDestroy } from 'svelte';
import { Chat } from '@ai-sdk/svelte';
import { createFrameworkChat } from '../chat/framework-chat.js';
/** @import { UIMessage, ChatStatus, ChatTransport } from 'ai' */
/** @import { Adk } from '../chat/adk-types.d.ts' */
/** @import { Explanation, PendingApproval } from '../index.js' */
/** @typedef {import('../chat/framework-chat.js').AdkChatMode} AdkChatMode */
/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @typedef {import('../chat/framework-chat.js').AdkChatOptions<M, MODE>} AdkChatOptions
 */
/**
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE=AdkChatMode]
 * @typedef {import('../chat/framework-chat.js').AdkChatTransport<M, MODE>} AdkChatTransport
 */

/**
 * AdkChat's body, with the BIDI parts and AdkSseTransport, or without one of them (null: an entry of one mode).
 * @template {UIMessage<unknown>} [M=UIMessage<unknown>]
 * @template {AdkChatMode} [MODE='sse']
 * @template {ChatTransport<M> | undefined} [OWN=undefined]
 */
export class AdkChatWith {
  /** @type {import('../chat/framework-chat.js').FrameworkChat<Chat<M>>} */
  #parts;

  /**
   * @param {AdkChatOptions<M, MODE> & { transport?: OWN }} options
   * @param {typeof import('../chat/bidi-parts.js').BIDI | null} BIDI
   * @param {typeof import('../transport/sse/sse-transport.js').AdkSseTransport | null} SSE
   */
  constructor(options, BIDI, SSE) {
    this.#parts = createFrameworkChat(options, /** @type {new (init: any) => Chat<M>} */ (Chat), 'AdkChat', BIDI, SSE);
    // Closed with the component that creates it, as Vue's useAdkChat is (issue 42): Svelte takes
    // onDestroy from any code that runs while a component initialises, on the server too (after
    // its render). Anywhere else (a module, an event handler, a test) Svelte refuses it, and the
    // app calls close() itself.
    try {
      onDestroy(this.close);
    } catch {
      // Not created during a component's initialisation: close() is the app's.
    }
  }

  /** AI SDK's Svelte `Chat` itself. @returns {Chat<M>} */
  get chat() {
    return this.#parts.chat;
  }
  /** @returns {Adk} */
  get adk() {
    return this.#parts.adk;
  }
  /**
   * The transport given as `transport`, else the one the chat built.
   * @returns {OWN extends ChatTransport<M> ? OWN : AdkChatTransport<M, MODE>}
   */
  get transport() {
    return /** @type {any} */ (this.#parts.transport);
  }
  /** @returns {M[]} */
  get messages() {
    return this.#parts.chat.messages;
  }
  /** @returns {ChatStatus} */
  get status() {
    return this.#parts.chat.status;
  }
  /** @returns {Error | undefined} */
  get error() {
    return this.#parts.chat.error;
  }
  /** The pending approvals of the last assistant message, read from the chat's messages now. @returns {PendingApproval<M>[]} */
  get pendingApprovals() {
    return this.#parts.adk.pendingApprovals(this.#parts.chat.messages);
  }
  /** Why the engine sends or waits, for the chat's messages now (`rule` is stable; render from it). @returns {Explanation} */
  get explain() {
    return this.#parts.adk.explain(this.#parts.chat.messages);
  }

  /** @type {Chat<M>['sendMessage']} */
  sendMessage = (message, options) => this.#parts.chat.sendMessage(message, options);
  /** @type {Chat<M>['regenerate']} */
  regenerate = (options) => this.#parts.chat.regenerate(options);
  /** @type {Chat<M>['stop']} */
  stop = () => this.#parts.chat.stop();
  /** @type {Adk['approve']} */
  approve = (approvalId, options) => this.#parts.adk.approve(approvalId, options);
  /** @type {Adk['deny']} */
  deny = (approvalId, options) => this.#parts.adk.deny(approvalId, options);
  /** @type {Adk['answerApprovals']} */
  answerApprovals = (handler) => this.#parts.adk.answerApprovals(handler);
  /** The library's `adk.addToolOutput`: it tells the engine the output is the browser's. @type {Adk['addToolOutput']} */
  addToolOutput = (args) => this.#parts.adk.addToolOutput(args);
  /** Detaches the engine and closes the transport it built: done by itself when the component that created the chat is destroyed. @type {() => void} */
  close = () => this.#parts.close();
}

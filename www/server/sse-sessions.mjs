// The SSE side's sessions, as the real ADK backend keeps them in its session service (SQLite in the
// setup issue 35 measured): per chat, the tool calls that wait for the user's answer, and the
// chat's wallet. An answer counts once, and only for a call its chat's session holds:
//  - with a file (`--sessions-file`), the sessions survive a restart, and an answer given after it
//    completes the turn, paid once (issue 35, case a: the real backend resumes from its session);
//  - without one they live in memory, and a restarted backend knows no pending call: the answer is
//    ignored, as by ADK's in-memory session service.
// An answer sent again (after a failure whose request may have arrived) is to no pending call: it
// is ignored, never paid twice (SPEC §5 F-c).
import fs from 'node:fs';
import { Wallets } from './agent.mjs';

export class SseSessions {
  /**
   * @param {string | null} file where the sessions are kept (JSON), or null for memory only
   * @param {Wallets} wallets the backend's wallets (their balances are kept with the sessions)
   */
  constructor(file = null, wallets = new Wallets()) {
    this.file = file;
    const saved = file !== null && fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    /** chat id → {pending: {toolCallId: toolName}} */
    this.chats = saved.chats ?? {};
    this.wallets = wallets;
    for (const [chatId, balance] of Object.entries(saved.balances ?? {})) wallets.balances.set(chatId, balance);
  }

  #chat(chatId) {
    return (this.chats[chatId ?? ''] ??= { pending: {} });
  }

  /** The backend asked the user about `toolCallId` (a `tool-approval-request`). */
  ask(chatId, toolCallId, toolName) {
    this.#chat(chatId).pending[toolCallId] = toolName;
    this.#save();
  }

  /** Takes the answer to `toolCallId`: true once for a pending call, false for any other. */
  answer(chatId, toolCallId) {
    const { pending } = this.#chat(chatId);
    if (!Object.hasOwn(pending, toolCallId)) return false;
    delete pending[toolCallId];
    this.#save();
    return true;
  }

  /** Pays from the chat's wallet (its balance is kept with the session). */
  pay(chatId, input) {
    const output = this.wallets.pay(chatId, input);
    this.#save();
    return output;
  }

  /** Written whole and renamed into place, so a backend killed mid-write leaves the last session. */
  #save() {
    if (this.file === null) return;
    const next = `${this.file}.next`;
    fs.writeFileSync(next, JSON.stringify({ chats: this.chats, balances: Object.fromEntries(this.wallets.balances) }));
    fs.renameSync(next, this.file);
  }
}

// Issue 35, SSE column: the backend fails while the user decides on a payment. AI SDK's real Chat
// with the package (`createAdk`, AdkSseTransport, Pattern A) against the demo backend
// (www/server/main.mjs) as a process of its own, which the test kills, restarts on the same port,
// or stops (SIGSTOP). The backend keeps its SSE sessions in a file, as the real ADK backend keeps
// them in SQLite. Each case ends within a bounded time with the completed turn (paid once) or an
// error in the package's words.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AdkSseTransport } from 'adk-stream-wasm/chat';
import { createAppChat, describeChat, isBusy, waitUntil, type AppChat } from './helpers/chat.js';

const MAIN = resolve(__dirname, '../../www/server/main.mjs');

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** The demo backend as a process: `start()` (again on the same port after a kill), `kill()`, `stop()`/`resume()`. */
function demoBackend({ chunkDelayMs = 0, sessions = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'adk-sse-faults-'));
  const sessionsFile = join(dir, 'sessions.json');
  let child: ChildProcess | null = null;
  let port = 0;
  const backend = {
    url: '',
    sessionsFile,
    /** What the backend's session store holds (as the real one's SQLite would). */
    stored: () => JSON.parse(readFileSync(sessionsFile, 'utf8')),
    async start() {
      const args = [MAIN, '--port', String(port), '--no-static', '--quiet', '--idle-timeout-ms', '0', '--chunk-delay-ms', String(chunkDelayMs)];
      if (sessions) args.push('--sessions-file', sessionsFile);
      const started = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
      child = started;
      const url = await new Promise<string>((ok, fail) => {
        let out = '';
        started.stdout!.on('data', (b: Buffer) => {
          out += b.toString();
          const m = /listening (http:\/\/\S+)/.exec(out);
          if (m) ok(m[1]);
        });
        started.once('exit', (code) => fail(new Error(`the demo backend exited (${code}) before listening: ${out}`)));
      });
      port = Number(new URL(url).port);
      backend.url = url;
    },
    /** Ends the process at once, as a crash does (nothing is flushed, no connection closed cleanly). */
    async kill() {
      const c = child;
      child = null;
      if (c === null || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((ok) => c.once('exit', ok));
      c.kill('SIGKILL');
      await exited;
    },
    stop: () => child!.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => backend.kill());
  return backend;
}

const lastAssistant = (t: AppChat) => [...t.chat.messages].reverse().find((m: any) => m.role === 'assistant');
const text = (t: AppChat) => (lastAssistant(t)?.parts ?? []).filter((p: any) => p.type === 'text').map((p: any) => p.text).join('');
const payment = (t: AppChat) => (lastAssistant(t)?.parts ?? []).find((p: any) => p.type === 'tool-process_payment');

/** A chat that asked to pay $50 to Hanako: its one pending approval, the user not yet decided. */
async function askToPay(url: string, idleTimeoutMs?: number) {
  const transport = new AdkSseTransport({ api: `${url}/stream`, idleTimeoutMs });
  const t = createAppChat(transport, { mode: 'sse' });
  await t.chat.sendMessage({ text: 'Send $50 to Hanako' });
  await waitUntil(() => !isBusy(t.chat) && t.adk.pendingApprovals().length === 1, () => `one pending approval (${describeChat(t)})`);
  return { t, approval: t.adk.pendingApprovals()[0] };
}

describe('issue 35 over SSE: the backend fails while the user decides', () => {
  it('case a: the backend killed while the user decides and back later: the approval completes the turn, paid once', async () => {
    const backend = demoBackend();
    await backend.start();
    const { t, approval } = await askToPay(backend.url);
    await backend.kill();
    await backend.start(); // the same port, the stored sessions
    await t.adk.approve(approval.approvalId);
    await waitUntil(() => !isBusy(t.chat) && /Sent \$50 to Hanako/.test(text(t)), () => `the payment's text (${describeChat(t)})`);
    expect(t.chat.error).toBeUndefined();
    expect(payment(t)).toMatchObject({ state: 'output-available', output: { amount: 50, recipient: 'Hanako', wallet_balance: 950 } });
    // Paid once: the chat's wallet, kept with its session, went down by one payment.
    expect(backend.stored().balances[t.chat.id]).toBe(950);
    expect(backend.stored().chats[t.chat.id].pending).toEqual({});
  });

  it('case a, the model: a backend that lost its sessions ignores the answer to a call it no longer knows, and pays nothing', async () => {
    const backend = demoBackend({ sessions: false });
    await backend.start();
    const { t, approval } = await askToPay(backend.url);
    await backend.kill();
    await backend.start(); // the same port, no stored sessions (ADK's in-memory session service)
    await t.adk.approve(approval.approvalId);
    await waitUntil(() => !isBusy(t.chat) && text(t) !== '', () => `the backend's answer (${describeChat(t)})`);
    expect(text(t)).toBe('There is nothing new for me to act on.');
    expect(payment(t).state).toBe('approval-responded');
    const stats = await (await fetch(`${backend.url}/__test/stats`)).json();
    expect(stats.violations.map((v: any) => v.text).join('\n')).toContain(`the answer to ${payment(t).toolCallId} is to no call`);
  });

  it('case b: the user approves while the backend is down: AdkTransportError connect-failed, nothing sent, nothing paid; one resend once it is back pays once', async () => {
    const backend = demoBackend();
    await backend.start();
    const { t, approval } = await askToPay(backend.url);
    await backend.kill();
    await t.adk.approve(approval.approvalId);
    await waitUntil(() => t.chat.status === 'error', () => `the chat's error (${describeChat(t)})`);
    expect(t.chat.error).toMatchObject({ name: 'AdkTransportError', kind: 'connect-failed' });
    expect(t.chat.error.message).toContain('nothing was sent');
    expect(t.chat.error.cause).toBeInstanceOf(TypeError);
    // The backend, back, still waits for the answer: it never arrived, and nothing was paid.
    await backend.start();
    expect(backend.stored().chats[t.chat.id].pending).toEqual({ [approval.toolCallId]: 'process_payment' });
    expect(backend.stored().balances[t.chat.id]).toBeUndefined();
    // F-c: the engine forgot the answer it could not send; nothing sends it by itself, and the
    // app's one explicit resend completes the turn, paid once.
    expect(t.adk.explain().rule).toBe('waits-to-be-sent');
    expect(await t.adk.resend()).toBe(true);
    await waitUntil(() => !isBusy(t.chat) && /Sent \$50 to Hanako/.test(text(t)), () => `the payment's text after the resend (${describeChat(t)})`);
    expect(t.chat.error).toBeUndefined();
    expect(backend.stored().balances[t.chat.id]).toBe(950);
    expect(backend.stored().chats[t.chat.id].pending).toEqual({});
    // A second resend has nothing to send, and pays nothing.
    expect(await t.adk.resend()).toBe(false);
    expect(backend.stored().balances[t.chat.id]).toBe(950);
  });

  it('case d: the backend stalls in the middle of the final text: the idle bound ends the stream with idle-timeout', async () => {
    const backend = demoBackend({ chunkDelayMs: 100 });
    await backend.start();
    const { t, approval } = await askToPay(backend.url, 1000);
    cleanups.push(() => backend.resume());
    await t.adk.approve(approval.approvalId);
    await waitUntil(() => text(t) !== '', () => `the first words of the final text (${describeChat(t)})`);
    backend.stop();
    await waitUntil(() => t.chat.status === 'error', () => `the chat's error (${describeChat(t)})`);
    expect(t.chat.error).toMatchObject({ name: 'AdkTransportError', kind: 'idle-timeout' });
    expect(t.chat.error.message).toContain('1000 ms');
    // The text stays cut where the backend stopped; the payment it made is shown.
    expect(text(t)).not.toMatch(/balance is \$950\.$/);
    expect(payment(t)).toMatchObject({ state: 'output-available', output: { wallet_balance: 950 } });
  });
});

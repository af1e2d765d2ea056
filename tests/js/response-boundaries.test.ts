// SPEC §5, one rule for where a BIDI response ends: at `[DONE]`, and at the first `finish-step`
// after a `tool-approval-request` of the same response, whatever came between. The testing kit
// (`splitResponses`, `splitRawEvents`) and the real BidiTransport are fed the same conversations,
// chunk by chunk over a hand-driven socket, and must end responses at the same places: on every
// recorded BIDI fixture, on seeded random chunk sequences, and on the row the kit once got wrong
// (text between the approval request and its finish-step).
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BidiTransport } from 'adk-stream-wasm/transport';
import { splitRawEvents, splitResponses } from 'adk-stream-wasm/testing';
import { FakeSocket } from './helpers/fake-socket.js';
import { fixturesDir } from './helpers/fixtures.js';
// @ts-ignore -- plain JS shared with the hardening suite: one seedable random source.
import { makeRng } from '../hardening/lib/rng.mjs';

type Event = { type: string; [key: string]: unknown } | '[DONE]';

const USER = [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] }];
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

let restore: () => void;
beforeEach(() => {
  restore = FakeSocket.install();
});
afterEach(() => restore());

/** The chunk types of each response stream the real transport returns for `events`. */
async function transportResponses(events: Event[]): Promise<string[][]> {
  const transport = new BidiTransport({ url: 'ws://127.0.0.1:1/live', pingIntervalMs: 0, approvalTimeoutMs: 0 });
  const responses: string[][] = [];
  let current: string[] = [];
  let closed = false;
  const request = async () => {
    const stream = await transport.sendMessages({ chatId: 'c', messages: USER as any, trigger: 'submit-message', messageId: undefined, abortSignal: undefined });
    current = [];
    closed = false;
    const reader = stream.getReader();
    const mine = current;
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          mine.push((value as any).type);
        }
        closed = true;
      } catch {
        // close() at the end fails the stream still open: its chunks were counted.
      }
    })();
  };
  const pending = request();
  const socket = FakeSocket.all[FakeSocket.all.length - 1];
  socket.open();
  await pending;
  for (const event of events) {
    socket.chunk(event);
    await tick();
    if (closed) {
      responses.push(current);
      // The chat answers at once: the next request goes out before the next frame arrives.
      await request();
    }
  }
  await tick();
  if (current.length > 0) responses.push(current);
  transport.close();
  return responses;
}

const typesOf = (responses: Array<Array<{ type: string }>>) => responses.map((r) => r.map((c) => c.type));

/** A seeded generator (the hardening suite's mulberry32), so a failing sequence can be replayed from its seed. */
const rng = (seed: number): (() => number) => makeRng(seed).next;

// Weighted so that approvals, finish-steps and [DONE] meet in every order.
const ALPHABET: Array<[Event, number]> = [
  [{ type: 'start' }, 2],
  [{ type: 'start-step' }, 2],
  [{ type: 'text-delta', id: 't', delta: 'x' }, 3],
  [{ type: 'reasoning-delta', id: 'r', delta: 'y' }, 1],
  [{ type: 'tool-input-available', toolCallId: 'c', toolName: 'process_payment', input: {} }, 1],
  [{ type: 'tool-approval-request', toolCallId: 'c', approvalId: 'a' }, 3],
  [{ type: 'tool-output-available', toolCallId: 'c', output: {} }, 1],
  [{ type: 'finish-step' }, 4],
  [{ type: 'finish' }, 1],
  ['[DONE]', 3],
];
const TOTAL = ALPHABET.reduce((sum, [, weight]) => sum + weight, 0);

function randomConversation(next: () => number): Event[] {
  const length = 1 + Math.floor(next() * 30);
  const events: Event[] = [];
  for (let i = 0; i < length; i++) {
    let pick = next() * TOTAL;
    for (const [event, weight] of ALPHABET) {
      pick -= weight;
      if (pick < 0) {
        events.push(event);
        break;
      }
    }
  }
  return events;
}

describe('SPEC §5: the testing kit and BidiTransport end BIDI responses at the same places', () => {
  it('text and a tool part between the approval request and its finish-step: the finish-step still ends the response (two responses)', async () => {
    const events: Event[] = [
      { type: 'start', messageId: 'm' },
      { type: 'tool-input-available', toolCallId: 'c', toolName: 'process_payment', input: {} },
      { type: 'tool-approval-request', toolCallId: 'c', approvalId: 'a' },
      { type: 'text-delta', id: 't', delta: 'Waiting for your answer' },
      { type: 'tool-input-available', toolCallId: 'd', toolName: 'get_weather', input: {} },
      { type: 'finish-step' },
      { type: 'tool-output-available', toolCallId: 'c', output: {} },
      { type: 'finish' },
      '[DONE]',
    ];
    const expected = [
      ['start', 'tool-input-available', 'tool-approval-request', 'text-delta', 'tool-input-available', 'finish-step'],
      ['tool-output-available', 'finish'],
    ];
    expect(typesOf(splitResponses(events, 'bidi'))).toEqual(expected);
    const raw = events.map((e) => (e === '[DONE]' ? 'data: [DONE]\n\n' : `data: ${JSON.stringify(e)}\n\n`));
    expect(splitRawEvents(raw, 'bidi').map((r) => r.length)).toEqual([6, 3]);
    expect(await transportResponses(events)).toEqual(expected);
  });

  it('every recorded BIDI fixture: the kit splits it where the transport ends its streams', async () => {
    const names = readdirSync(fixturesDir).filter((f) => f.endsWith('.json'));
    let bidi = 0;
    for (const name of names) {
      const recording = JSON.parse(readFileSync(resolve(fixturesDir, name), 'utf8'));
      if (recording.mode !== 'bidi') continue;
      bidi++;
      const raw: string[] = recording.output.rawEvents;
      const events: Event[] = raw
        .map((frame) => frame.trim().replace(/^data:\s*/, ''))
        .filter((payload) => payload === '[DONE]' || payload.startsWith('{'))
        .map((payload) => (payload === '[DONE]' ? '[DONE]' : JSON.parse(payload)))
        .filter((e) => e === '[DONE]' || (e.type !== 'pong' && e.type !== 'data-pcm'));
      expect(await transportResponses(events), name).toEqual(typesOf(splitResponses(events, 'bidi')));
      // The raw split keeps every frame, verbatim, in the same responses.
      expect(splitRawEvents(raw, 'bidi').flat(), name).toEqual(raw);
    }
    expect(bidi).toBeGreaterThan(0);
  });

  it('300 seeded random chunk sequences: the same responses, chunk for chunk', async () => {
    const seed = Number(process.env.BOUNDARY_SEED ?? 20261126);
    const next = rng(seed);
    for (let round = 0; round < 300; round++) {
      const events = randomConversation(next);
      const kit = typesOf(splitResponses(events, 'bidi'));
      const real = await transportResponses(events);
      const shown = events.map((e) => (e === '[DONE]' ? e : e.type)).join(' ');
      expect(real, `seed ${seed}, round ${round}: ${shown}`).toEqual(kit);
    }
  });
});

// The named interleavings of issue 40 items 1–3, two more defects the generator found on the package
// before the chunk owner of SPEC §5 W13, and two it found with the chunk owner: each the shrunk
// command list fast-check printed, written out so it replays as it is (interleavings-issue40.test.ts).
import { Answer, Chunk, CloseFrame, Open, Send, Speak, Stop, Wait } from './commands.js';
import type { Variant } from './backend.js';

const chunks = (n: number) => Array.from({ length: n }, () => new Chunk());
/** A whole text answer on a socket's first turn: start + text-start, two deltas, text-end, finish, [DONE]. */
const WHOLE_TEXT_TURN = 6;
/** A payment's turn up to its pause: start + text-start, delta, text-end, tool input, approval request, finish-step. */
const PAYMENT_UP_TO_PAUSE = 6;

export interface NamedCase {
  name: string;
  variant: Variant;
  commands: () => (Chunk | Send | Open | Stop | Speak | Answer | CloseFrame | Wait)[];
  /** What the package did before the fix, as the test's failure said it. */
  before: string;
  /** The transport's options, over the harness's bounds. */
  transport?: Record<string, unknown>;
}

export const CASES: NamedCase[] = [
  {
    name: 'issue 40 item 1 (W11): a message sent while the answer streams',
    variant: 'adk',
    commands: () => [new Send(false), new Open(), new Chunk(), new Send(false), new Chunk()],
    before: 'AI_UIMessageStreamError: Received text-delta for missing text part with ID "turn_output_text"',
  },
  {
    name: 'issue 40 item 1 (W11): a message sent while a voice answer streams',
    variant: 'adk',
    commands: () => [new Send(false), new Open(), ...chunks(WHOLE_TEXT_TURN), new Speak(), ...chunks(3), new Send(false), new Chunk()],
    before: 'AI_UIMessageStreamError: Received text-delta for missing text part with ID "turn_output_text"',
  },
  {
    name: "issue 40 item 1 (W11, W9): a message sent after the voice turn's speech, before its answer",
    variant: 'adk',
    commands: () => [new Send(false), new Open(), ...chunks(WHOLE_TEXT_TURN), new Speak(), new Chunk(), new Chunk(), new Send(false)],
    before: "the user's speech of turn 2 (message 2) is not just before its answer (message 5)",
  },
  {
    name: 'issue 40 item 2 (W12, F-e): Stop, then a new message, to a backend that ends the interrupted turn without [DONE]',
    variant: 'ends-interrupted-turn',
    commands: () => [new Send(false), new Open(), new Chunk(), new Stop(), new Send(false), new Chunk()],
    before: "chunks lost: [a2.1] [a2.2] (the answer was dropped as the stopped turn's tail; without a liveness bound the chat stays 'submitted')",
  },
  {
    name: 'issue 40 item 2 (W12, F-e): the same with no liveness bound: the chat stays submitted past every bound',
    variant: 'ends-interrupted-turn',
    commands: () => [new Send(false), new Open(), new Chunk(), new Stop(), new Send(false), new Chunk(), new Wait()],
    before: "the chat is still 'submitted' 70000 ms after the last event, past every bound (each dropped chunk cleared the no-response timer)",
    transport: { livenessTimeoutMs: 0 },
  },
  {
    name: 'issue 40 item 3 (F-f): an approval given after the close frame, before the close event',
    variant: 'adk',
    commands: () => [new Send(true), new Open(), ...chunks(PAYMENT_UP_TO_PAUSE), new CloseFrame(), new Answer(true), new Open()],
    before: 'expected connection-lost at once; the chat is submitted (the answer waits for a new socket)',
  },
  {
    name: 'issue 40 item 3 (F-f): a denial given after the close frame, the response stopped before its pause',
    variant: 'adk',
    commands: () => [new Send(true), new Open(), ...chunks(PAYMENT_UP_TO_PAUSE - 1), new CloseFrame(), new Stop(), new Answer(false)],
    before: 'the answer to appr-1 went on socket 2, which never asked for it (asked on socket 1)',
  },
  {
    name: "W12: Stop before the answer began, a new message: the stopped turn's tail is not the new answer",
    variant: 'adk',
    commands: () => [new Send(false), new Open(), new Stop(), new Send(false), new Chunk()],
    before: '[a1.1] came after the user stopped its turn, and is in the next request\'s message',
  },
  {
    name: 'W8, W12: a voice turn after a stopped turn whose tail ran out of time is a message of its own',
    variant: 'adk',
    commands: () => [new Send(false), new Open(), new Chunk(), new Chunk(), new Stop(), new Wait(), new Speak(), new Chunk()],
    before: 'message adk-1 holds chunks of turns 1 and 2',
  },
  {
    name: 'W11: two messages sent while the answer to a first one is awaited: no chat error',
    variant: 'adk',
    commands: () => [new Send(false), new Open(), new Send(false), new Send(false)],
    before: 'passed; with the chunk owner: AdkTransportError superseded ("a newer sendMessages() call replaced this one while the turn before it still streamed") in the chat',
  },
  {
    name: "W11, F-e: a message sent while the backend's own turn streams, which pauses for an approval: never submitted past every bound",
    variant: 'adk',
    commands: () => [new Send(true), new Open(), new Stop(), new Wait(), new Chunk(), new Send(false)],
    before: "AI_UIMessageStreamError (the message went out at once); with the chunk owner: the held message is never sent and the chat stays 'submitted' past every bound",
  },
];

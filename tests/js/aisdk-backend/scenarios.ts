// The scenarios of an AI SDK backend (no ADK): what the model does step by step, which tools run where
// and who approves them, what the user answers, and the fewest model calls and requests it takes.
import { answer, callTools, callToolsAndHang, type Scenario } from './harness.js';

const PAY: [string, Record<string, unknown>, string] = ['process_payment', { amount: 42 }, 'call-pay'];
const EMAIL: [string, Record<string, unknown>, string] = ['send_email', { to: 'bob' }, 'call-email'];
const DELETE: [string, Record<string, unknown>, string] = ['delete_file', { path: 'a.txt' }, 'call-delete'];
const TIME: [string, Record<string, unknown>, string] = ['get_time', {}, 'call-time'];
const WEATHER: [string, Record<string, unknown>, string] = ['get_weather', { city: 'Tokyo' }, 'call-weather'];

/** Scenarios that need AI SDK 7's automatic approvals (`toolApproval: {tool: 'approved' | 'denied'}`). */
export const automatic: Scenario[] = [
  {
    name: 'automatic approval',
    tools: { get_weather: { runs: 'server', approval: 'approved' } },
    steps: [callTools(WEATHER), answer('Sunny in Tokyo.')],
    needed: { modelCalls: 2, requests: 1, text: 'Sunny in Tokyo.' },
  },
  {
    name: 'automatic denial',
    tools: { get_weather: { runs: 'server', approval: 'denied' } },
    steps: [callTools(WEATHER), answer('I may not look up the weather.')],
    needed: { modelCalls: 2, requests: 1, text: 'I may not look up the weather.' },
  },
  {
    name: "automatic approval + the user's approval in one step",
    tools: { get_weather: { runs: 'server', approval: 'approved' }, process_payment: { runs: 'server', approval: 'user' } },
    steps: [callTools(WEATHER, PAY), answer('Sunny, and paid.')],
    answers: [['process_payment', true]],
    needed: { modelCalls: 2, requests: 2, text: 'Sunny, and paid.' },
  },
  {
    name: 'automatic approval next to a client tool',
    tools: { get_weather: { runs: 'server', approval: 'approved' }, get_time: { runs: 'browser' } },
    steps: [callTools(WEATHER, TIME), answer('Sunny at noon.')],
    clientOutputs: { get_time: { time: '12:00' } },
    needed: { modelCalls: 2, requests: 2, text: 'Sunny at noon.' },
  },
];

/** Scenarios both AI SDK majors support. */
export const common: Scenario[] = [
  {
    name: 'one approval, approved',
    tools: { process_payment: { runs: 'server', approval: 'user' } },
    steps: [callTools(PAY), answer('Paid 42.')],
    answers: [['process_payment', true]],
    needed: { modelCalls: 2, requests: 2, text: 'Paid 42.' },
  },
  {
    name: 'one approval, denied',
    tools: { process_payment: { runs: 'server', approval: 'user' } },
    steps: [callTools(PAY), answer('I did not pay.')],
    answers: [['process_payment', false]],
    needed: { modelCalls: 2, requests: 2, text: 'I did not pay.' },
  },
  {
    name: 'two approvals, approve + deny',
    tools: { process_payment: { runs: 'server', approval: 'user' }, send_email: { runs: 'server', approval: 'user' } },
    steps: [callTools(PAY, EMAIL), answer('Paid; no email sent.')],
    answers: [
      ['process_payment', true],
      ['send_email', false],
    ],
    needed: { modelCalls: 2, requests: 2, text: 'Paid; no email sent.' },
  },
  {
    name: 'parallel approvals answered in reverse order',
    tools: { process_payment: { runs: 'server', approval: 'user' }, send_email: { runs: 'server', approval: 'user' } },
    steps: [callTools(PAY, EMAIL), answer('Emailed; not paid.')],
    answers: [
      ['send_email', true],
      ['process_payment', false],
    ],
    needed: { modelCalls: 2, requests: 2, text: 'Emailed; not paid.' },
  },
  {
    name: 'three parallel approvals answered middle, last, first',
    tools: {
      process_payment: { runs: 'server', approval: 'user' },
      send_email: { runs: 'server', approval: 'user' },
      delete_file: { runs: 'server', approval: 'user' },
    },
    steps: [callTools(PAY, EMAIL, DELETE), answer('Paid, emailed, kept the file.')],
    answers: [
      ['send_email', true],
      ['delete_file', false],
      ['process_payment', true],
    ],
    needed: { modelCalls: 2, requests: 2, text: 'Paid, emailed, kept the file.' },
  },
  {
    name: 'a client tool answered in onToolCall',
    tools: { get_time: { runs: 'browser' } },
    steps: [callTools(TIME), answer('It is noon.')],
    clientOutputs: { get_time: { time: '12:00' } },
    needed: { modelCalls: 2, requests: 2, text: 'It is noon.' },
  },
  {
    name: 'an approval and a client tool in one step',
    tools: { process_payment: { runs: 'server', approval: 'user' }, get_time: { runs: 'browser' } },
    steps: [callTools(PAY, TIME), answer('Paid at noon.')],
    answers: [['process_payment', true]],
    clientOutputs: { get_time: { time: '12:00' } },
    needed: { modelCalls: 2, requests: 2, text: 'Paid at noon.' },
  },
  {
    name: 'a denied client-side tool (a browser tool that needs approval)',
    tools: { get_time: { runs: 'browser', approval: 'user' } },
    steps: [callTools(TIME), answer('I will not read your clock.')],
    answers: [['get_time', false]],
    browserTools: { get_time: { requiresApproval: true } },
    needed: { modelCalls: 2, requests: 2, text: 'I will not read your clock.' },
  },
  {
    name: 'chat.stop() while an approval is pending and the model still streams',
    tools: { process_payment: { runs: 'server', approval: 'user' } },
    steps: [callToolsAndHang(PAY), answer('(never reached)')],
    stopWhilePending: true,
    needed: { modelCalls: 1, requests: 1, text: '' },
  },
  {
    name: 'chat.stop() while an approval is pending, then the user approves',
    tools: { process_payment: { runs: 'server', approval: 'user' } },
    steps: [callToolsAndHang(PAY), answer('Paid 42.')],
    stopWhilePending: true,
    answers: [['process_payment', true]],
    needed: { modelCalls: 2, requests: 2, text: 'Paid 42.' },
  },
];

/** A client-side tool that needs approval, approved: its output must reach the server with the
 *  approval. The package's runner (`createAdk({tools})`) runs it after the approval is committed. */
export const approvedBrowserTool: Scenario = {
  name: 'an approved client-side tool',
  tools: { get_time: { runs: 'browser', approval: 'user' } },
  steps: [callTools(TIME), answer('It is noon.')],
  answers: [['get_time', true]],
  browserTools: { get_time: { requiresApproval: true } },
  needed: { modelCalls: 2, requests: 2, text: 'It is noon.' },
};

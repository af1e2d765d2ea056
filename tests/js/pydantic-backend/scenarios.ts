// The flows of tests/js/aisdk-backend/ as the Pydantic AI backend plays them (server.py's SCRIPTS),
// plus the browser tool that needs approval and the server's own get_location. The model answers
// with one text naming each tool call and its outcome, in call order ("process_payment success;
// send_email denied."), so the final text says what the server made of every answer.
// Two flows of aisdk-backend/ have no Pydantic counterpart: AI SDK 7's automatic approvals (the
// adapter has no `toolApproval` and never writes a `tool-approval-response` chunk), and `chat.stop()`
// while an approval is pending and the model still streams (the adapter sends its
// `tool-approval-request` chunks only when the run has ended, right before `finish`): here
// `chat.stop()` stops a slow text stream instead.
import { BROWSER_TOOLS, type Scenario } from './harness.js';

const TIME = { time: '12:00' };

/** Every flow the package and AI SDK's helpers both run; `aiSdk` where AI SDK's helpers differ. */
export const flows: Scenario[] = [
  {
    name: 'one approval, approved',
    text: 'pay',
    answers: [['process_payment', true]],
    frontendTools: BROWSER_TOOLS,
    expected: { requests: 2, text: 'process_payment success.', serverRuns: ['process_payment'], browserRuns: [] },
  },
  {
    name: 'one approval, denied',
    text: 'pay',
    answers: [['process_payment', false]],
    frontendTools: BROWSER_TOOLS,
    expected: { requests: 2, text: 'process_payment denied.', serverRuns: [], browserRuns: [] },
  },
  {
    name: 'the same tool twice in one step, approve + deny',
    text: 'pay twice',
    answers: [
      ['process_payment', true],
      ['process_payment', false],
    ],
    frontendTools: BROWSER_TOOLS,
    expected: { requests: 2, text: 'process_payment success; process_payment denied.', serverRuns: ['process_payment'], browserRuns: [] },
  },
  {
    name: 'two approvals, approve + deny',
    text: 'pay and email',
    answers: [
      ['process_payment', true],
      ['send_email', false],
    ],
    frontendTools: BROWSER_TOOLS,
    expected: { requests: 2, text: 'process_payment success; send_email denied.', serverRuns: ['process_payment'], browserRuns: [] },
  },
  {
    name: 'parallel approvals answered in reverse order',
    text: 'pay and email',
    answers: [
      ['send_email', true],
      ['process_payment', false],
    ],
    frontendTools: BROWSER_TOOLS,
    expected: { requests: 2, text: 'process_payment denied; send_email success.', serverRuns: ['send_email'], browserRuns: [] },
  },
  {
    name: 'three parallel approvals answered middle, last, first',
    text: 'pay, email and delete',
    answers: [
      ['send_email', true],
      ['delete_file', false],
      ['process_payment', true],
    ],
    frontendTools: BROWSER_TOOLS,
    expected: {
      requests: 2,
      text: 'process_payment success; send_email success; delete_file denied.',
      serverRuns: ['process_payment', 'send_email'],
      browserRuns: [],
    },
  },
  {
    name: 'a client tool answered in onToolCall',
    text: 'what time is it',
    clientOutputs: { get_time: TIME },
    frontendTools: BROWSER_TOOLS,
    expected: { requests: 2, text: 'get_time success.', serverRuns: ['get_time:deferred'], browserRuns: [] },
  },
  {
    name: 'an approval and a client tool in one step',
    text: 'pay at noon',
    answers: [['process_payment', true]],
    clientOutputs: { get_time: TIME },
    frontendTools: BROWSER_TOOLS,
    expected: { requests: 2, text: 'process_payment success; get_time success.', serverRuns: ['get_time:deferred', 'process_payment'], browserRuns: [] },
  },
  {
    name: 'a browser tool that needs approval, denied',
    text: 'where am I',
    answers: [['get_browser_location', false]],
    frontendTools: BROWSER_TOOLS,
    expected: { requests: 2, text: 'get_browser_location denied.', serverRuns: [], browserRuns: [] },
  },
  // Pattern A: the approval and the browser's output in one request. Pydantic's adapter loads the
  // part (output-available, approval.approved) as the tool's return and never runs the tool's body;
  // AI SDK's helpers send the approval alone, the server runs the tool (CallDeferred) and hands it
  // back as a bare tool call, and only the third request carries the output.
  {
    name: 'a browser tool that needs approval, approved (Pattern A)',
    text: 'where am I',
    answers: [['get_browser_location', true]],
    frontendTools: BROWSER_TOOLS,
    expected: { requests: 2, text: 'get_browser_location success.', serverRuns: [], browserRuns: ['get_browser_location'] },
    aiSdk: { requests: 3, serverRuns: ['get_browser_location:deferred'] },
  },
  {
    name: 'a browser tool approved, and the browser fails (output-error)',
    text: 'where am I',
    answers: [['get_browser_location', true]],
    browserFails: true,
    frontendTools: BROWSER_TOOLS,
    expected: { requests: 2, text: 'get_browser_location failed.', serverRuns: [], browserRuns: ['get_browser_location'] },
    aiSdk: { requests: 3, serverRuns: ['get_browser_location:deferred'] },
  },
  {
    name: 'a server approval and a browser tool in one step, both approved',
    text: 'pay and where am I',
    answers: [
      ['process_payment', true],
      ['get_browser_location', true],
    ],
    frontendTools: BROWSER_TOOLS,
    expected: {
      requests: 2,
      text: 'process_payment success; get_browser_location success.',
      serverRuns: ['process_payment'],
      browserRuns: ['get_browser_location'],
    },
    aiSdk: { requests: 3, serverRuns: ['get_browser_location:deferred', 'process_payment'] },
  },
  // SPEC §6: the server's own get_location, with a browser tool set that does not name it.
  {
    name: "the server's get_location approved, frontendTools ['get_browser_location']",
    text: 'server location',
    answers: [['get_location', true]],
    frontendTools: ['get_browser_location'],
    expected: { requests: 2, text: 'get_location success.', serverRuns: ['get_location'], browserRuns: [] },
  },
  {
    name: "the server's get_location approved, frontendTools []",
    text: 'server location',
    answers: [['get_location', true]],
    frontendTools: [],
    expected: { requests: 2, text: 'get_location success.', serverRuns: ['get_location'], browserRuns: [] },
  },
  {
    name: "the server's get_location denied, frontendTools []",
    text: 'server location',
    answers: [['get_location', false]],
    frontendTools: [],
    expected: { requests: 2, text: 'get_location denied.', serverRuns: [], browserRuns: [] },
  },
  {
    name: 'chat.stop() while the backend streams',
    text: 'talk slowly',
    stopWhileStreaming: true,
    frontendTools: BROWSER_TOOLS,
    expected: { requests: 1, text: '', serverRuns: [], browserRuns: [] },
  },
];

/** The server's get_location approved with the package's DEFAULT browser tool set (get_location is
 *  one): what the README warns of. Observed outcomes are asserted per path in the tests. */
export const serverGetLocationDefault: Scenario = {
  name: "the server's get_location approved, the package's default browser tools",
  text: 'server location',
  answers: [['get_location', true]],
  expected: { requests: 2, text: 'get_location success.', serverRuns: ['get_location'], browserRuns: [] },
};

import { writeRecords, InternTable } from '../../node_modules/adk-stream-wasm/records.js';
import { core } from '../../node_modules/adk-stream-wasm/loader.js';
const mk = (n) => ({ messages: [{ id: 'm1', role: 'assistant', parts: Array.from({ length: n }, (_, i) => ({ type: 'tool-process_payment', toolCallId: 'call-' + i, state: 'approval-responded', input: { amount: i }, approval: { id: 'approval-' + i, approved: i % 2 === 0 } })) }] });
const time = (label, f) => { for (let w = 0; w < 20000; w++) f(); const N = 200000; const t = performance.now(); for (let i = 0; i < N; i++) f(); console.log(label, ((performance.now() - t) * 1000 / N).toFixed(3), 'µs'); };
for (const n of [1, 20]) {
  const arg = mk(n); const table = new InternTable(); const flags = () => 0;
  const id = core.adk_engine_new(0, 0);
  time(`${n} write`, () => writeRecords(arg, table, flags));
  const count = writeRecords(arg, table, flags);
  time(`${n} decide`, () => core.adk_decide(id, count));
  time(`${n} pending`, () => core.adk_pending(count));
}

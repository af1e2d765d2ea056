// Hostile values for every exported function: wrong types, missing fields, unknown ids, huge
// strings, frozen and proxied objects, revoked proxies, throwing getters, cycles.
export const HUGE = 'x'.repeat(10 * 1024 * 1024);

function throwingGetters() {
  return new Proxy({}, {
    get() {
      throw new Error('getter exploded');
    },
    has() {
      throw new Error('has exploded');
    },
    ownKeys() {
      throw new Error('ownKeys exploded');
    },
    getOwnPropertyDescriptor() {
      throw new Error('descriptor exploded');
    },
  });
}

function revoked() {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function cyclic() {
  const a = { role: 'assistant' };
  a.parts = [a];
  a.self = a;
  return a;
}

const deep = (() => {
  let v = {};
  for (let i = 0; i < 10_000; i++) v = { messages: [v], parts: [v] };
  return v;
})();

/** A value whose every coercion throws. */
const uncoercible = { toString() { throw new Error('toString exploded'); }, valueOf() { throw new Error('valueOf exploded'); }, [Symbol.toPrimitive]() { throw new Error('toPrimitive exploded'); } };

/** [label, () => value]: a fresh value each time (revoked proxies and frozen objects included). */
export const VALUES = [
  ['undefined', () => undefined],
  ['null', () => null],
  ['true', () => true],
  ['0', () => 0],
  ['NaN', () => NaN],
  ['-Infinity', () => -Infinity],
  ['1n', () => 1n],
  ['empty string', () => ''],
  ['10 MB string', () => HUGE],
  ['string with separators', () => 'a\u001eb\u001fc\u0015'],
  ['lone surrogate', () => '\ud800'],
  ['symbol', () => Symbol('s')],
  ['function', () => () => {}],
  ['[]', () => []],
  ['[undefined]', () => [undefined]],
  ['{}', () => ({})],
  ['Object.create(null)', () => Object.create(null)],
  ['frozen {messages: []}', () => Object.freeze({ messages: Object.freeze([]) })],
  ['Date', () => new Date(0)],
  ['Map', () => new Map([['a', 1]])],
  ['Uint8Array', () => new Uint8Array(4)],
  ['throwing getters (proxy)', throwingGetters],
  ['revoked proxy', revoked],
  ['cyclic', cyclic],
  ['10,000 levels deep', () => deep],
  ['uncoercible', () => uncoercible],
  ['{messages: revoked proxy}', () => ({ messages: revoked() })],
  ['{messages: [revoked proxy]}', () => ({ messages: [revoked()] })],
  ['{messages: [throwing getters]}', () => ({ messages: [throwingGetters()] })],
  ['{messages: proxy array}', () => ({ messages: new Proxy([{ role: 'assistant', parts: [] }], { get(t, k) { if (k === 'length') return 2 ** 32 - 1; return Reflect.get(t, k); } }) })],
  ['{messages: [{role: assistant, parts: 10 MB string}]}', () => ({ messages: [{ role: 'assistant', parts: HUGE }] })],
  ['{messages: [{role: 10 MB string, parts: []}]}', () => ({ messages: [{ role: HUGE, parts: [] }] })],
  ['{messages: [{role: assistant, parts: [tool part with 10 MB ids]}]}', () => ({ messages: [{ role: 'assistant', parts: [{ type: `tool-${HUGE}`, toolCallId: HUGE, state: 'approval-responded', approval: { id: HUGE, approved: true } }] }] })],
  ['{messages: [{role: assistant, parts: frozen tool part}]}', () => ({ messages: Object.freeze([Object.freeze({ role: 'assistant', parts: Object.freeze([Object.freeze({ type: 'tool-process_payment', toolCallId: 'c1', state: 'approval-responded', approval: Object.freeze({ id: 'a1', approved: true }) })]) })]) })],
  ['{messages: [{role: assistant, parts: 100,000 parts}]}', () => ({ messages: [{ role: 'assistant', parts: Array.from({ length: 100_000 }, (_, i) => ({ type: 'tool-process_payment', toolCallId: `c${i}`, state: 'approval-responded', approval: { id: `a${i}`, approved: true } })) }] })],
  ['{messages: [{role: assistant, parts: [{__proto__ key}]}]}', () => ({ messages: JSON.parse('[{"role":"assistant","parts":[{"__proto__":{"type":"tool-x"},"type":"tool-process_payment","toolCallId":"c1","state":"approval-responded","approval":{"id":"a1","approved":true,"__proto__":{"approved":false}}}]}]') })],
];

/** The caller's own exception, propagated: thrown by a hostile object's trap or by the engine
 *  on a revoked proxy. Rethrowing it is what JS built-ins do (JSON.stringify, structuredClone). */
export function isCallersOwn(error) {
  return error instanceof Error && (/exploded/.test(error.message) || /proxy that has been revoked/.test(error.message));
}

/** Whether a thrown value is a usable JS error and not a WebAssembly fault. */
export function classifyThrown(error) {
  if (!(error instanceof Error)) return `threw a non-Error: ${typeof error} ${String(error).slice(0, 80)}`;
  const text = `${error.name}: ${error.message}`;
  if (error instanceof WebAssembly.RuntimeError || /unreachable|panicked|RuntimeError|recursive use of an object|null pointer|memory access out of bounds/i.test(text)) {
    return `a WebAssembly fault: ${text.slice(0, 200)}`;
  }
  if (!error.name || error.name === 'Error') return `an Error without a specific name: ${text.slice(0, 200)}`;
  if (!error.message || error.message.length < 10) return `an unclear message: ${text.slice(0, 200)}`;
  return null;
}

// `require('adk-stream-wasm')` from CommonJS (a jest setup, an older build tool): Node 20.19+ and 22
// load the package's ES modules synchronously (it has no top-level await, README "Loading"), so
// CommonJS code gets the same exports, the same error classes, a working engine and the testing kit.
// The suite runs twice (scripts/test-js.sh): Node 20 with AI SDK 6, Node 22 with AI SDK 7.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as esm from 'adk-stream-wasm';

const require = createRequire(import.meta.url);

describe(`require('adk-stream-wasm') on Node ${process.versions.node}`, () => {
  it('the main entry point: the same exports as import, a working engine, the error classes', () => {
    const cjs = require('adk-stream-wasm');
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort());
    const autoSend = cjs.createAutoSend({ mode: 'sse' });
    const messages = [{ id: 'm', role: 'assistant', parts: [{ type: 'tool-process_payment', toolCallId: 'c', state: 'approval-responded', approval: { id: 'a', approved: true } }] }];
    expect(autoSend.sendAutomaticallyWhen({ messages })).toBe(true);
    expect(() => cjs.createAutoSend({ mode: 'nope' })).toThrow(cjs.AdkInvalidArgumentError);
  });

  it.each(['adk-stream-wasm/sse', 'adk-stream-wasm/bidi', 'adk-stream-wasm/transport', 'adk-stream-wasm/testing', 'adk-stream-wasm/geolocation'])('%s loads with require', (entry) => {
    const cjs = require(entry);
    expect(Object.keys(cjs).length).toBeGreaterThan(0);
  });
});

// Issue 41 item 4: words for the user. Every error a chat can end in has one short sentence an end
// user can read (what happened to what they sent, what they can do), chosen by the error's `kind`,
// else its `name`, else `other`; the sentences are one table an app replaces for its own language.
// The developer's words stay in `message`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AdkLoadError, AdkTransportError, AdkUnknownApprovalError, USER_WORDS, userMessage, type UserWords } from 'adk-stream-wasm';

// The kinds as the package declares them (its emitted .d.ts), so a kind added to a transport
// without a sentence fails here as well as in the type check.
const pkgDir = dirname(createRequire(import.meta.url).resolve('adk-stream-wasm/package.json'));
function kindsIn(file: string, typeName: string): string[] {
  const text = readFileSync(join(pkgDir, file), 'utf8');
  const declared = new RegExp(`type ${typeName} =([^;]+);`).exec(text);
  expect(declared, `${typeName} in ${file}`).not.toBeNull();
  return [...declared![1].matchAll(/['"]([a-z-]+)['"]/g)].map((m) => m[1]);
}
const SSE_KINDS = kindsIn('errors/errors.d.ts', 'AdkSseTransportErrorKind');
const BIDI_KINDS = kindsIn('transport/bidi/options.d.ts', 'BidiTransportErrorKind');

describe('issue 41 item 4: userMessage and USER_WORDS', () => {
  // Faults of the app's wiring, not of the connection: the user can only try again ('other').
  const WIRING = ['superseded', 'resume-would-split', 'unhandled-buffered-approval', 'malformed-frame'];

  it('issue 41 item 4: every AdkTransportError kind (SSE and BIDI) has a sentence of its own key, but the wiring faults: other', () => {
    expect(SSE_KINDS).toContain('request-failed');
    expect(BIDI_KINDS).toContain('connection-lost');
    for (const kind of [...SSE_KINDS, ...BIDI_KINDS]) {
      const key = WIRING.includes(kind) ? 'other' : kind;
      expect(Object.hasOwn(USER_WORDS, key), `a sentence for '${kind}'`).toBe(true);
      expect(userMessage(new AdkTransportError(kind as any, 'developer words')), kind).toBe((USER_WORDS as any)[key]);
    }
  });

  it('issue 41 item 4: the sentences are short, for people: no option names, kinds or code; each says what to do', () => {
    for (const [key, sentence] of Object.entries(USER_WORDS)) {
      expect(sentence.length, key).toBeLessThanOrEqual(100);
      expect(sentence, key).toMatch(/^[A-Z][^`()_{}]+\.$/);
      expect(sentence, key).not.toMatch(/[a-z]+-[a-z]+|Ms\b|onError|kind|WebSocket|backend|transport/);
      // What the user can do: every sentence ends with an imperative (try, send, check, ask, reload).
      expect(sentence, key).toMatch(/(Try|Send|Check|Ask|Reload)[^.]*\.$/);
    }
  });

  it('issue 41 item 4: the F-a to F-g faults say what happened to what the user sent', () => {
    expect(userMessage(new AdkTransportError('connection-lost', 'x'))).toMatch(/answer was not sent/);
    expect(userMessage(new AdkTransportError('connect-failed', 'x'))).toMatch(/nothing was sent/);
    expect(userMessage(new AdkTransportError('request-failed', 'x'))).toMatch(/may have arrived/);
  });

  it("issue 41 item 4: by kind, else by the package error's name, else 'other'; never the developer's message", () => {
    const load = new AdkLoadError('the BIDI transport (bidi-transport.js) could not be downloaded');
    expect(userMessage(load)).toBe(USER_WORDS.AdkLoadError);
    for (const error of [new AdkUnknownApprovalError("'x' is not a pending approval id"), new Error('502 Bad Gateway {"error":true}'), new TypeError('Failed to fetch'), undefined, null, 'text', 42, {}, { kind: 'toString' }, { kind: 'not-a-kind', name: 'constructor' }]) {
      expect(userMessage(error), String(error)).toBe(USER_WORDS.other);
    }
    const error = new AdkTransportError('no-response', 'no chunk within 400 ms (responseTimeoutMs) after the message frame of chat c-1');
    expect(userMessage(error)).toBe(USER_WORDS['no-response']);
    expect(error.message).toContain('responseTimeoutMs');
  });

  it("issue 41 item 4: an app's own table replaces every sentence, for its own language", () => {
    const french = Object.fromEntries(Object.keys(USER_WORDS).map((key) => [key, `fr:${key}`])) as unknown as UserWords;
    expect(userMessage(new AdkTransportError('connection-lost', 'x'), french)).toBe('fr:connection-lost');
    expect(userMessage(new AdkLoadError('x'), french)).toBe('fr:AdkLoadError');
    expect(userMessage(new Error('x'), french)).toBe('fr:other');
    // A table without `other` (an app's, made at run time) still gives a sentence, never undefined.
    expect(userMessage(new Error('x'), {} as UserWords)).toBe(USER_WORDS.other);
    // The English table is the package's, not a module-global an app could change for every chat.
    expect(Object.isFrozen(USER_WORDS)).toBe(true);
  });
});

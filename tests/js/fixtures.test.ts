// The recorded fixtures, and the AI SDK under test: checks the suite's own inputs before the flows
// rely on them.
import { describe, expect, it } from 'vitest';
import { aiSdk, aiVersion, checkAiVersion, Chat } from './helpers/ai.js';
import { approvalRequests, fixturesDir, loadFixture } from './helpers/fixtures.js';

describe(`the AI SDK under test (AI_SDK=${aiSdk})`, () => {
  it(`Chat comes from ai@${aiSdk}.x and is AI SDK's AbstractChat`, () => {
    checkAiVersion();
    expect(aiVersion.startsWith(`${aiSdk}.`)).toBe(true);
    expect(Object.getPrototypeOf(Chat.prototype).constructor.name).toBe('AbstractChat');
  });

  it('runs on Node 22 or later for ai@7', () => {
    if (aiSdk === 7) expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
  });
});

describe(`fixtures in ${fixturesDir}`, () => {
  const names = [
    ['process_payment-approved-sse-baseline', 2],
    ['process_payment-denied-sse-baseline', 2],
    ['get_location-approved-sse-baseline', 2],
    ['multiple-payments-approved-sse-baseline', 2],
    ['change_bgm-sse-baseline', 1],
    ['get_weather-sse-baseline', 1],
    ['process_payment-approved-bidi-baseline', 2],
    ['process_payment-denied-bidi-baseline', 2],
    ['multiple-payments-sequential-bidi-baseline', 3],
    ['change_bgm-bidi-baseline', 1],
    ['get_weather-bidi-baseline', 1],
  ] as const;

  it.each(names)('%s parses to its expected chunks and splits into %i response(s)', (name, responses) => {
    const fixture = loadFixture(name);
    expect(fixture.chunks).toEqual(fixture.expectedChunks);
    expect(fixture.doneCount).toBe(fixture.expectedDoneCount);
    expect(fixture.responses).toHaveLength(responses);
    expect(fixture.responses.flat()).toEqual(fixture.chunks);
    // Every response but the last ends by asking the user (SPEC "Fixtures").
    for (const response of fixture.responses.slice(0, -1)) {
      expect(approvalRequests(response).length).toBeGreaterThan(0);
    }
    expect(approvalRequests(fixture.responses[fixture.responses.length - 1])).toHaveLength(0);
  });
});

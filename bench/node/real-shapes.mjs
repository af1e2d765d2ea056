// "Real shapes" in Node, in a process of its own, so neither decider has seen any other input
// (lib/real-shapes.mjs). Prints one JSON object on stdout: the result, and as `replayed` the asks
// (for the Chromium page, which times the same asks).
//   node node/real-shapes.mjs --rounds=101 --batchMs=2 [--fixtures=DIR]
import * as adk from 'adk-stream-wasm';
import * as ai from 'ai';
import { recordedConversations } from '../lib/recordings.mjs';
import { runRealShapes } from '../lib/real-shapes.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const rounds = Number(args.rounds ?? 101);
const batchMs = Number(args.batchMs ?? 2);

const conversations = await recordedConversations(args.fixtures);
const result = await runRealShapes({ adk, ai, conversations, now: () => performance.now(), rounds, batchMs });
process.stdout.write(JSON.stringify({ node: process.version, rounds, batchMs, ...result, replayed: conversations }));

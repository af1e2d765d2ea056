// A local BIDI backend for the transport's browser tests (tests/browser/transport.test.mjs).
//
//   node server.mjs [--port N] [--idle-ms N] [--fixtures DIR]
//
// Binds 127.0.0.1 only; `--port 0` (the default) takes a free port. Prints one line
// `listening ws://127.0.0.1:PORT` when ready, and exits by itself after `--idle-ms` (default 60 s)
// without a connection, or after 15 minutes in any case.
//
// The URL path picks a scripted behaviour. A "fault" happens on the FIRST message of the FIRST
// connection for a given path+query (tests add `?t=<unique>`); every later message gets the
// normal reply, so a test can check that the next request works after the fault.
//
//   /echo                         normal replies only
//   /echo-fixture/<name>          each message gets the next response stream of fixtures/<name>.json
//                                 (split at [DONE] and at a finish-step after a tool-approval-request)
//   /triple-done                  fault: a normal reply followed by two more [DONE]
//   /bad-json                     fault: malformed frames (bad JSON, no `data:`, no `type`) among good ones
//   /binary                       fault: a binary frame among good ones
//   /big-frame                    fault: one text-delta of 10 MiB
//   /close-mid-stream             fault: two chunks, then close code 1011
//   /never-answer                 fault: the first handshake is never answered
//   /approval-then-silence        fault: a tool-approval-request, then nothing
//   /approval-then-cut            fault: a tool-approval-request and its finish-step, then (50 ms
//                                 later) the TCP connection destroyed without a close frame
//   /no-answer                    fault: the message gets no chunk at all (pongs go on)
//   /late-chunks                  fault: an approval request and finish-step, then (150 ms later) the
//                                 rest of the turn while the client has no stream open
//   /go-silent                    fault: two chunks, then the connection goes silent (no pong, no
//                                 data, no close): a network that died without a close
//   /audio                        fault: a data-pcm chunk among text chunks
//   /spoken                       fault: the normal reply, then (100 ms later) a spoken turn the
//                                 backend starts with no request: the user's transcribed speech
//                                 (`reply-1_input_text`), data-pcm, the answer (`reply-1_output_text`),
//                                 finish, [DONE], without `start` (SPEC §5 W8, W9)
//   /abort                        fault: text-deltas every 50 ms until an interrupt comes, then at
//                                 once a few chunks and [DONE] (the client must drop them); with
//                                 `?interrupt=end-turn`, the turn ends at the interrupt, without [DONE]
//
// As the real ADK backend (SPEC §5 W11, W12): a `message` that comes while a turn streams is
// queued and answered after that turn's [DONE]; an `interrupt` never cuts a turn short (the rest of
// `abort`'s turn comes, then [DONE]), except with `?interrupt=end-turn` (see /abort).
//
// As the real ADK backend does (issue 35), a pending approval lives with its connection: a message
// that answers approvals none of which this connection asked for is dropped with the real one's log
// line ("confirmation_id … not found in mapping", on stderr) and gets nothing back.
//
// Every connection sends `start` only as its first event, as the ADK backend's converter does: the
// normal reply is start (on the connection's first reply only), text-start, text-delta, text-end,
// finish, [DONE]; its delta is JSON:
// {received: [client frame types on this connection, pings left out, `bad:<type>:<why>` for a
// frame that breaks SPEC §5], message: {id, trigger, messageId, count}}.

import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WebSocketServer } from "ws";
import { splitRawEvents } from "adk-stream-wasm/testing";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const port = Number(option("--port", "0"));
const idleMs = Number(option("--idle-ms", "60000"));
// The recorded conversations in the shared folder beside the project (no copies here).
const fixturesDir = option("--fixtures", process.env.ADK_FIXTURES_DIR || path.join(here, "..", "..", "..", "shared", "fixtures"));
const MAX_LIFETIME_MS = 15 * 60 * 1000;

const data = (chunk) => `data: ${JSON.stringify(chunk)}\n\n`;
const DONE = "data: [DONE]\n\n";

/** Response streams of a recorded BIDI conversation, split where SPEC §5 ends a stream (the
 *  package's own split, from the core's rules that BidiTransport applies). */
function fixtureSegments(name) {
  const file = path.join(fixturesDir, `${path.basename(name)}.json`);
  return splitRawEvents(JSON.parse(fs.readFileSync(file, "utf8")).output.rawEvents, "bidi");
}

/** Why a client frame breaks SPEC §5, or null. */
function checkClientFrame(frame) {
  if (frame === null || typeof frame !== "object") return "not an object";
  if (frame.version !== "1.0") return "version";
  if (!Number.isInteger(frame.timestamp)) return "timestamp";
  switch (frame.type) {
    case "ping":
      return Object.keys(frame).length === 3 ? null : "extra fields";
    case "message":
      if (typeof frame.id !== "string") return "id";
      if (!Array.isArray(frame.messages)) return "messages";
      if (!["submit-message", "regenerate-message"].includes(frame.trigger)) return "trigger";
      if ("messageId" in frame && typeof frame.messageId !== "string") return "messageId";
      return null;
    case "tool_result":
      if (typeof frame.toolCallId !== "string") return "toolCallId";
      return frame.result && typeof frame.result === "object" ? null : "result";
    case "interrupt":
      return !("reason" in frame) || ["user_abort", "timeout", "error"].includes(frame.reason)
        ? null
        : "reason";
    case "audio_control":
      return ["start", "stop"].includes(frame.action) ? null : "action";
    case "audio_chunk":
      if (typeof frame.chunk !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(frame.chunk)) return "chunk";
      return ["sampleRate", "channels", "bitDepth"].every((k) => Number.isInteger(frame[k]))
        ? null
        : "format";
    default:
      return "type";
  }
}

const connectionsPerKey = new Map();
let openConnections = 0;
let lastActivity = Date.now();

const server = http.createServer((req, res) => {
  res.writeHead(404).end("WebSocket only\n");
});
const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
const heldSockets = new Set();

server.on("upgrade", (req, socket, head) => {
  lastActivity = Date.now();
  const url = new URL(req.url, "http://127.0.0.1");
  const key = url.pathname + url.search;
  const index = connectionsPerKey.get(key) ?? 0;
  connectionsPerKey.set(key, index + 1);
  if (url.pathname.startsWith("/never-answer") && index === 0) {
    // Hold the TCP connection and never answer the handshake.
    heldSockets.add(socket);
    socket.on("close", () => heldSockets.delete(socket));
    socket.on("error", () => {});
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => serve(ws, url, index === 0));
});

function serve(ws, url, firstConnection) {
  openConnections += 1;
  const behaviour = url.pathname.split("/")[1] || "echo";
  const received = [];
  let messages = 0;
  let segments = null;
  let interrupted = null;
  /** The aborted turn's tail, sent when the interrupt comes (`abort`). */
  let tail = null;
  const timers = new Set();
  const later = (ms, fn) => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (ws.readyState === ws.OPEN) fn();
    }, ms);
    timers.add(t);
  };
  // As the ADK backend's converter (SPEC §5 "Agent turns over BIDI"): `start` only as the socket's
  // first event; a later turn, or the part of a turn after an answer, comes without one.
  let started = false;
  /** The approval ids this connection asked for. */
  const asked = new Set();
  /** A turn streams: chunks went out, its [DONE] not yet, not blocked on an approval request. */
  let streaming = false;
  let blocked = false;
  /** The messages that came while a turn streamed, answered after its [DONE] (W11). */
  const queued = [];
  const turnEnded = () => {
    streaming = blocked = false;
    while (!streaming && queued.length > 0) onMessage(queued.shift());
  };
  const send = (frames) =>
    frames.forEach((f) => {
      if (f.startsWith('data: {"type":"start"')) {
        if (started) return;
      }
      if (f.startsWith("data: {")) started = true;
      if (f.includes('"tool-approval-request"')) asked.add(JSON.parse(f.slice(6)).approvalId);
      ws.send(f);
      if (f === DONE) turnEnded();
      else if (f.includes('"tool-approval-request"')) blocked = true;
      if (f.startsWith("data: {")) streaming = !blocked;
    });
  const endsTurnOnInterrupt = url.searchParams.get("interrupt") === "end-turn";
  /** The approval ids `frame` answers when this connection asked for none of them, else []. */
  const unknownAnswers = (frame) => {
    const last = Array.isArray(frame.messages) ? frame.messages[frame.messages.length - 1] : null;
    if (!last || last.role !== "assistant" || !Array.isArray(last.parts)) return [];
    const ids = last.parts.filter((p) => p && p.state === "approval-responded" && p.approval).map((p) => p.approval.id);
    return ids.some((id) => asked.has(id)) ? [] : ids;
  };

  const normalReply = (frame) => {
    const id = `reply-${messages}`;
    const report = {
      received,
      message: { id: frame.id, trigger: frame.trigger, messageId: frame.messageId, count: frame.messages?.length },
    };
    return [
      data({ type: "start", messageId: id }),
      data({ type: "text-start", id: "t" }),
      data({ type: "text-delta", id: "t", delta: JSON.stringify(report) }),
      data({ type: "text-end", id: "t" }),
      data({ type: "finish" }),
      DONE,
    ];
  };

  /** A response's start that asks to approve process_payment call-1 (approval-1). */
  const askApproval = (messageId) => [
    data({ type: "start", messageId }),
    data({ type: "tool-input-available", toolCallId: "call-1", toolName: "process_payment", input: { amount: 1 } }),
    data({ type: "tool-approval-request", toolCallId: "call-1", approvalId: "approval-1" }),
  ];

  // go-silent: from the fault on, this connection answers nothing at all.
  let silent = false;
  const fault = (frame) => {
    switch (behaviour) {
      case "triple-done":
        return send([...normalReply(frame), DONE, DONE]);
      case "bad-json":
        return send([
          data({ type: "start", messageId: "bad" }),
          'data: {"type": "text-delta", oops}\n\n',
          "hello, not a frame",
          data({ id: "no type" }),
          data({ type: "text-start", id: "t" }),
          data({ type: "text-delta", id: "t", delta: "after the bad frames" }),
          data({ type: "text-end", id: "t" }),
          data({ type: "finish" }),
          DONE,
        ]);
      case "binary":
        send([data({ type: "start", messageId: "bin" })]);
        ws.send(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]), { binary: true });
        return send([
          data({ type: "text-start", id: "t" }),
          data({ type: "text-delta", id: "t", delta: "after the binary frame" }),
          data({ type: "text-end", id: "t" }),
          data({ type: "finish" }),
          DONE,
        ]);
      case "big-frame":
        return send([
          data({ type: "start", messageId: "big" }),
          data({ type: "text-start", id: "t" }),
          data({ type: "text-delta", id: "t", delta: "x".repeat(10 * 1024 * 1024) }),
          data({ type: "text-end", id: "t" }),
          data({ type: "finish" }),
          DONE,
        ]);
      case "close-mid-stream":
        send([data({ type: "start", messageId: "crash" }), data({ type: "text-start", id: "t" })]);
        return later(20, () => ws.close(1011, "backend crashed"));
      case "go-silent":
        silent = true;
        return send([data({ type: "start", messageId: "silent" }), data({ type: "text-start", id: "t" })]);
      case "approval-then-cut":
        send([...askApproval("cut"), data({ type: "finish-step" })]);
        return later(50, () => ws.terminate());
      case "no-answer":
        return undefined;
      case "approval-then-silence":
        return send(askApproval("silent"));
      case "late-chunks":
        send([...askApproval("late"), data({ type: "finish-step" })]);
        return later(150, () =>
          send([
            data({ type: "tool-output-error", toolCallId: "call-1", errorText: "approval timed out on the backend" }),
            data({ type: "text-start", id: "t" }),
            data({ type: "text-delta", id: "t", delta: "late" }),
            data({ type: "text-end", id: "t" }),
            data({ type: "finish" }),
            DONE,
          ]),
        );
      case "spoken": {
        send(normalReply(frame));
        const speech = (id, delta) => [data({ type: "text-start", id }), data({ type: "text-delta", id, delta }), data({ type: "text-end", id })];
        return later(100, () =>
          send([
            ...speech("reply-1_input_text", "what time is it"),
            data({ type: "data-pcm", data: { content: "AAECAw==", sampleRate: 24000, channels: 1, bitDepth: 16 } }),
            ...speech("reply-1_output_text", "noon"),
            data({ type: "finish" }),
            DONE,
          ]),
        );
      }
      case "audio":
        return send([
          data({ type: "start", messageId: "audio" }),
          data({ type: "data-pcm", data: { content: "AAECAw==", sampleRate: 24000, channels: 1, bitDepth: 16 } }),
          data({ type: "text-start", id: "t" }),
          data({ type: "text-delta", id: "t", delta: "spoken" }),
          data({ type: "text-end", id: "t" }),
          data({ type: "finish" }),
          DONE,
        ]);
      case "abort": {
        send([data({ type: "start", messageId: "long" }), data({ type: "text-start", id: "t" })]);
        let n = 0;
        // What the backend still had of the turn goes out as it reads the interrupt, before it reads
        // the next message (one socket, frames in order), as the ADK backend ends a turn.
        tail = () =>
          send([
            data({ type: "text-delta", id: "t", delta: " after the interrupt" }),
            data({ type: "finish" }),
            DONE,
          ]);
        const drip = () => {
          if (interrupted) return;
          if (n++ < 100) {
            send([data({ type: "text-delta", id: "t", delta: ` ${n}` })]);
            later(50, drip);
          }
        };
        return drip();
      }
      default:
        return send(normalReply(frame));
    }
  };

  ws.on("message", (raw, isBinary) => {
    lastActivity = Date.now();
    if (isBinary) {
      received.push("bad:binary");
      return;
    }
    let frame;
    try {
      frame = JSON.parse(raw.toString("utf8"));
    } catch {
      received.push("bad:json");
      return;
    }
    const problem = checkClientFrame(frame);
    if (problem) received.push(`bad:${frame?.type}:${problem}`);
    if (frame.type === "ping") {
      if (!silent) ws.send(JSON.stringify({ type: "pong", timestamp: frame.timestamp }));
      return;
    }
    received.push(frame.type === "interrupt" ? `interrupt:${frame.reason ?? ""}` : frame.type);
    if (frame.type === "interrupt") {
      interrupted = frame;
      const rest = tail;
      tail = null;
      if (endsTurnOnInterrupt) turnEnded();
      else if (rest) rest();
    }
    if (frame.type !== "message") return;
    blocked = false;
    if (streaming) queued.push(frame);
    else onMessage(frame);
  });

  function onMessage(frame) {
    messages += 1;
    const unknown = unknownAnswers(frame);
    if (unknown.length > 0) {
      for (const id of unknown) console.error(`[BIDI] confirmation_id ${id} not found in mapping`);
      received.push("dropped-answer");
      return;
    }
    if (behaviour === "echo-fixture") {
      segments ??= fixtureSegments(url.pathname.split("/")[2] ?? "");
      const segment = segments.shift();
      return send(segment ?? normalReply(frame));
    }
    if (firstConnection && messages === 1) return fault(frame);
    send(normalReply(frame));
  }
  ws.on("close", () => {
    openConnections -= 1;
    lastActivity = Date.now();
    timers.forEach(clearTimeout);
  });
  ws.on("error", () => {});
}

server.listen(port, "127.0.0.1", () => {
  console.log(`listening ws://127.0.0.1:${server.address().port}`);
});

const started = Date.now();
const watchdog = setInterval(() => {
  const idle = openConnections === 0 && Date.now() - lastActivity > idleMs;
  if (idle || Date.now() - started > MAX_LIFETIME_MS) {
    clearInterval(watchdog);
    heldSockets.forEach((s) => s.destroy());
    wss.clients.forEach((c) => c.terminate());
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1000).unref();
  }
}, 500);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => process.exit(0));
}

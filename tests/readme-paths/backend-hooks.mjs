// What the test asks of the demo backend (www/server, started in this process) beyond its HTTP and
// WebSocket endpoints: waiting on its counters, and making it start a spoken turn on a chat's socket
// as a live agent does when the user speaks (SPEC §5: no request open, the user's transcription
// and the agent's answer), through the backend's own voice answer (voice.mjs), so that the turn has
// whatever shape the backend gives spoken turns.
const POLL_MS = 20;

/** Resolves once `condition()` holds; fails after `ms` naming `what` it waited for. */
export async function untilBackend(condition, what, ms = 10_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`the backend never got ${what} (waited ${ms} ms)`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Makes `backend.quiet()` answer whether the backend has nothing more to send until the user acts:
 * no SSE response open (the test listens to the backend's HTTP server beside it), every BIDI turn
 * ended or blocked on the user's answer, and no spoken answer playing (the sessions' own state).
 * A user acts after what the backend sent has arrived; so does the test, which is quicker than any
 * user (an answer that overtakes the backend's last frames is a message "while the backend was
 * still answering"). Call once, after the backend started.
 */
export function watchResponses(backend) {
  let open = 0;
  backend.server.on('request', (req, res) => {
    if (req.method !== 'POST') return;
    open += 1;
    res.on('close', () => {
      open -= 1;
    });
  });
  backend.quiet = () => open === 0 && [...backend.sessions].every((s) => (s.turn === null || s.turn.messageWaiter !== null) && s.voice.echo === null);
}

/** One second of a 440 Hz tone, 16 kHz 16-bit mono: what the backend "hears". */
function tone() {
  const pcm = Buffer.alloc(16000 * 2);
  for (let i = 0; i < 16000; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16000)), i * 2);
  return pcm;
}

/** The backend answers speech on the socket of chat `chatId`, with no request open. */
export function speak(backend, chatId) {
  const sessions = [...backend.sessions].filter((s) => s.chatId === chatId && s.socket.readyState === 1);
  if (sessions.length !== 1) throw new Error(`expected one open socket of chat ${chatId}, found ${sessions.length}`);
  void sessions[0].voice.answer([tone()]);
}

/** The voice block's user speaks: Talk, a second of the fake microphone reaches the backend, Stop. */
export async function speakWithMicrophone(page, backend) {
  const chunks = () => backend.stats.totals.audioChunks ?? 0;
  const stops = () => backend.stats.totals.audio_stop ?? 0;
  const [chunksBefore, stopsBefore] = [chunks(), stops()];
  await page.getByRole('button', { name: 'Talk', exact: true }).click();
  await untilBackend(() => chunks() >= chunksBefore + 25, '25 audio chunks (1 s) from the microphone');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await untilBackend(() => stops() > stopsBefore, 'audio_control stop');
}

// adk-stream-wasm/voice: live voice over the BIDI transport. Nothing here is loaded until an app
// imports this entry point.
import type { BidiAudio, BidiAudioChunk, InterruptReason } from './transport.js';
import type { AdkError } from './errors/errors.js';

export type AdkVoiceErrorCode =
  | 'permission-denied'
  | 'no-device'
  | 'device-busy'
  | 'microphone'
  | 'context-suspended'
  | 'worklet-blocked'
  | 'unsupported'
  | 'not-connected'
  | 'no-transport'
  | 'socket-closed'
  | 'invalid-option'
  | 'start';

/** Every failure of the voice; the text chat is never affected. */
export declare class AdkVoiceError extends AdkError {
  readonly name: 'AdkVoiceError';
  readonly code: AdkVoiceErrorCode;
  constructor(code: AdkVoiceErrorCode, message: string, cause?: unknown);
}

export type AdkVoiceState = 'idle' | 'requesting' | 'recording' | 'playing' | 'error';

/** What the voice sends and plays through: a BidiTransport or useAdkChat's BIDI transport. */
export interface AdkVoiceTransport {
  sendAudioChunk(chunk: BidiAudioChunk): void;
  sendAudioControl(action: 'start' | 'stop'): void;
  interrupt(reason?: InterruptReason): boolean;
  readonly connected?: boolean;
  /** Opens the socket; `start()` calls it when `connected` is false (voice before any text message). */
  connect?(): Promise<void>;
}

/** What the voice takes: its transport, or any chat transport (an app's own, the testing kit's, the
 *  union useAdkChat types when a component takes a `transport` for its tests). start() rejects with
 *  `no-transport` when the one given has no audio methods. */
export type AdkVoiceTransportLike = AdkVoiceTransport | { sendMessages(...args: any[]): unknown };

export interface AdkVoiceOptions {
  /** The rate sent to the backend (default 16000: what ADK's live models take). */
  sampleRate?: number;
  /** Duration of one `audio_chunk` (default 40 ms). */
  chunkMs?: number;
  /** Audio buffered before playback starts (default 100 ms: with 40 ms chunks, the third starts it). */
  jitterMs?: number;
  /** Input RMS (0..1) above which the user is talking over the agent (default 0.06; 0 turns barge-in by voice off). */
  vadThreshold?: number;
  /** How long the input must stay above the threshold (default 30 ms). */
  vadMs?: number;
  /** getUserMedia constraints; all on by default. */
  echoCancellation?: boolean;
  noiseSuppression?: boolean;
  autoGainControl?: boolean;
  /** How long start() waits for the AudioContext to run (default 2000 ms). */
  resumeTimeoutMs?: number;
  /** Where the worklet module is (default: the package's voice-worklet.js beside this file, which
   *  bundlers emit as an asset of the app's origin). A Blob URL works where CSP allows `blob:`. */
  workletUrl?: string;
}

export interface AdkVoiceSnapshot {
  readonly state: AdkVoiceState;
  /** Input level (the loudest 128-sample RMS of the last 120 ms, 0..1), for a meter; updated about 8 times a second. */
  readonly level: number;
  readonly muted: boolean;
  /** The microphone streams. */
  readonly recording: boolean;
  readonly error: AdkVoiceError | null;
  /** Playback underruns so far (the jitter buffer ran dry mid-answer). */
  readonly underruns: number;
}

export type AdkVoiceEventType =
  | 'change' | 'requesting' | 'recording' | 'stopped' | 'level' | 'playing' | 'drained' | 'flushed'
  | 'barge-in' | 'interrupt' | 'muted' | 'error' | 'closed';

export interface AdkVoiceEvent {
  type: AdkVoiceEventType;
  voice: AdkVoiceSnapshot;
}

export interface AdkVoice {
  /** Asks for the microphone (call it from a user gesture), opens the transport's socket if it is
   *  not open yet, and streams `audio_chunk` frames after `audio_control` start. Rejects with
   *  AdkVoiceError. One microphone: while a start is in progress, start() returns that one; when
   *  recording, it resolves at once. */
  start(): Promise<void>;
  /** Sends the rest of the audio, then `audio_control` stop; the microphone closes. While start()
   *  is in progress, it ends that start (which resolves; a microphone granted later is released). */
  stop(): void;
  /** Flushes the agent's playback within one render quantum and sends `interrupt`; the rest of the
   *  interrupted answer still arriving is not played. */
  interrupt(): void;
  /** Pass as the transport's `onAudio`: plays one `data-pcm` chunk. */
  onAudio(audio: BidiAudio): void;
  setMuted(muted: boolean): void;
  subscribe(listener: (event: AdkVoiceEvent) => void): () => void;
  /** Ends a start in progress or the recording, and the audio; the voice may start again. */
  close(): Promise<void>;
  readonly state: AdkVoiceState;
  readonly level: number;
  readonly muted: boolean;
  readonly error: AdkVoiceError | null;
  readonly snapshot: AdkVoiceSnapshot;
  /** The Web Audio nodes, for meters and tests (null before first use). */
  readonly nodes: {
    context: AudioContext | null;
    input: MediaStreamAudioSourceNode | null;
    capture: AudioWorkletNode | null;
    output: AudioWorkletNode | null;
  };
}

/**
 * `transport`: the chat's BIDI transport, or a function returning it when called. With the
 * transport's `socket: 'worker'`, the worklet sends the audio straight to the socket's worker and the
 * main thread gets only the level; otherwise the main thread hands each frame to the socket.
 */
export function createVoice(
  transport: AdkVoiceTransportLike | null | undefined | (() => AdkVoiceTransportLike | null | undefined),
  options?: AdkVoiceOptions,
): AdkVoice;

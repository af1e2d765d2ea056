// The microphone button of BIDI mode: adk-stream-wasm/voice as a button, a level meter and the
// voice's state. Loaded with React.lazy only in BIDI mode, so the SSE app carries none of it.
import { useEffect, type MutableRefObject } from 'react';
import { useAdkVoice } from 'adk-stream-wasm/voice/react';
import type { AdkVoiceTransport } from 'adk-stream-wasm/voice';
import type { BidiAudio } from 'adk-stream-wasm/transport';

export default function VoiceButton(props: {
  transport(): AdkVoiceTransport;
  /** Where the chat's transport sends `data-pcm` chunks (its onAudio calls it). */
  audioSink: MutableRefObject<((audio: BidiAudio) => void) | null>;
}) {
  const voice = useAdkVoice(props.transport);
  const { audioSink } = props;
  useEffect(() => {
    audioSink.current = voice.onAudio;
    return () => void (audioSink.current = null);
  }, [audioSink, voice.onAudio]);
  const label = voice.recording ? 'Stop talking' : 'Talk';
  return (
    <span className="voice" data-testid="voice" data-state={voice.state}>
      <button
        type="button"
        className={voice.recording ? 'stop' : 'chip'}
        aria-label={label}
        aria-pressed={voice.recording}
        onClick={() => (voice.recording ? voice.stop() : void voice.start().catch(() => {}))}
      >
        {voice.recording ? '■' : '🎤'} {label}
      </button>
      {voice.state === 'playing' && (
        <button type="button" className="chip" onClick={voice.interrupt}>
          Interrupt
        </button>
      )}
      {voice.recording && <meter aria-label="Microphone level" value={Math.min(voice.level, 0.5)} max={0.5} />}
      {voice.error && (
        <span role="alert" className="voice-error">
          {voice.error.message}
        </span>
      )}
    </span>
  );
}

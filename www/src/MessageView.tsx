import { useState, type ReactNode } from 'react';
import type { UIMessage } from 'ai';
import { Icon, type IconName } from './Icon';

/** The fields of a tool part this view reads (SPEC §1). */
interface ToolPart {
  type: string;
  toolName?: string;
  toolCallId: string;
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  approval?: { id: string; approved?: boolean; reason?: string };
}

const isToolPart = (part: { type: string }): part is ToolPart =>
  part.type.startsWith('tool-') || part.type === 'dynamic-tool';

const toolNameOf = (part: ToolPart) => part.toolName || part.type.replace(/^tool-/, '');

type Answer = (approvalId: string, approved: boolean) => Promise<void>;

export function MessageView({ message, onAnswer }: { message: UIMessage; onAnswer: Answer }) {
  if (message.role === 'user') {
    const text = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
    return (
      <div className="row user" data-testid="user-message">
        <div className="bubble">{text}</div>
      </div>
    );
  }
  return (
    <div className="row assistant" data-testid="assistant-message" data-message-id={message.id}>
      <div className="avatar" aria-hidden="true">
        A
      </div>
      <div className="parts">
        {message.parts.map((part, i) => {
          if (part.type === 'text') {
            return (
              <div key={i} className="text" data-testid="assistant-text">
                {part.text}
              </div>
            );
          }
          if (part.type === 'reasoning') {
            return (
              <details key={i} className="reasoning">
                <summary>Reasoning</summary>
                <div className="reasoning-text">{part.text}</div>
              </details>
            );
          }
          if (part.type === 'step-start') return null;
          if (isToolPart(part)) return <ToolCard key={part.toolCallId ?? i} part={part} onAnswer={onAnswer} />;
          return (
            <pre key={i} className="other-part">
              {JSON.stringify(part, null, 1)}
            </pre>
          );
        })}
      </div>
    </div>
  );
}

const STATE_LABELS: Record<string, string> = {
  'input-streaming': 'Preparing',
  'input-available': 'Running',
  'approval-requested': 'Needs your approval',
  'approval-responded': 'Answered',
  'output-available': 'Done',
  'output-error': 'Error',
  'output-denied': 'Denied',
};

const TOOL_ICONS: Record<string, IconName> = {
  process_payment: 'card',
  get_location: 'pin',
  get_weather: 'cloud',
  change_bgm: 'music',
};

type Json = Record<string, unknown>;
const asObject = (v: unknown): Json => (v !== null && typeof v === 'object' ? (v as Json) : {});
const money = (amount: unknown, currency: unknown) =>
  `${currency === 'USD' || currency === undefined ? '$' : ''}${String(amount ?? '?')}${currency && currency !== 'USD' ? ` ${String(currency)}` : ''}`;

/** One line that says what the call will do, in the user's words. */
function describeCall(name: string, input: unknown): ReactNode {
  const i = asObject(input);
  switch (name) {
    case 'process_payment':
      return (
        <>
          Pay <strong>{money(i.amount, i.currency)}</strong> to <strong>{String(i.recipient ?? '?')}</strong>
          {i.description ? <span className="muted"> · {String(i.description)}</span> : null}
        </>
      );
    case 'get_location':
      return <>Share this browser's current position with the agent</>;
    case 'get_weather':
      return (
        <>
          Weather for <strong>{String(i.location ?? '?')}</strong>
        </>
      );
    case 'change_bgm':
      return (
        <>
          Switch the background music to <strong>track {String(i.track ?? '?')}</strong>
        </>
      );
    default:
      return <code>{JSON.stringify(input ?? {})}</code>;
  }
}

function describeOutput(name: string, output: unknown): ReactNode {
  const o = asObject(output);
  switch (name) {
    case 'process_payment':
      return (
        <>
          Paid {money(o.amount, o.currency)} to {String(o.recipient)} · <code>{String(o.transaction_id)}</code> · balance{' '}
          {money(o.wallet_balance, o.currency)}
        </>
      );
    case 'get_location':
      return (
        <>
          {Number(o.latitude).toFixed(4)}, {Number(o.longitude).toFixed(4)} · ±{Math.round(Number(o.accuracy))} m
          {o.city ? ` · ${String(o.city)}` : ''}
        </>
      );
    case 'get_weather':
      return (
        <>
          {String(o.temperature)} °C · {String(o.description ?? o.condition)} · humidity {String(o.humidity)}%
        </>
      );
    case 'change_bgm':
      return <>Now playing track {String(o.track)}</>;
    default:
      return <code>{JSON.stringify(output)}</code>;
  }
}

function ToolCard({ part, onAnswer }: { part: ToolPart; onAnswer: Answer }) {
  const name = toolNameOf(part);
  const [answering, setAnswering] = useState(false);
  const approvalId = part.approval?.id;
  const click = (approved: boolean) => {
    if (!approvalId) return;
    setAnswering(true);
    void onAnswer(approvalId, approved).finally(() => setAnswering(false));
  };
  const approved = part.approval?.approved;
  return (
    <div
      className={`tool state-${part.state}`}
      data-testid="tool-part"
      data-tool={name}
      data-state={part.state}
      data-tool-call-id={part.toolCallId}
    >
      <div className="tool-head">
        <span className="tool-icon">
          <Icon name={TOOL_ICONS[name] ?? 'tool'} />
        </span>
        <code className="tool-name">{name}</code>
        <span className={`badge badge-${part.state}`}>{STATE_LABELS[part.state] ?? part.state}</span>
      </div>
      <div className="tool-call">{describeCall(name, part.input)}</div>

      {part.state === 'approval-requested' && approvalId && (
        <div className="actions">
          <button type="button" className="approve" aria-label={`Approve ${name}`} disabled={answering} onClick={() => click(true)}>
            Approve
          </button>
          <button type="button" className="deny" aria-label={`Deny ${name}`} disabled={answering} onClick={() => click(false)}>
            Deny
          </button>
          {name === 'get_location' && <span className="hint">Runs in this browser after you approve.</span>}
        </div>
      )}
      {part.state === 'approval-responded' && (
        <div className="tool-note">
          {approved
            ? name === 'get_location'
              ? 'Approved · reading this browser’s position…'
              : 'Approved · waiting for the agent…'
            : 'Denied · waiting for the agent…'}
        </div>
      )}
      {part.state === 'output-available' && (
        <div className="tool-output" data-testid="tool-output">
          <Icon name="check" size={14} /> {describeOutput(name, part.output)}
        </div>
      )}
      {part.state === 'output-error' && (
        <div className="tool-error" data-testid="tool-error">
          {part.errorText}
        </div>
      )}
      {part.state === 'output-denied' && <div className="tool-error">Denied{part.approval?.reason ? `: ${part.approval.reason}` : ''}</div>}
      {part.input !== undefined && (
        <details className="tool-input">
          <summary>Details</summary>
          <pre>{JSON.stringify({ toolCallId: part.toolCallId, input: part.input, approval: part.approval, output: part.output }, null, 2)}</pre>
        </details>
      )}
    </div>
  );
}

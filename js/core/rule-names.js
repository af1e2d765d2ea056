// Generated from the Rust rule codes by src/contract.rs: do not edit. `cargo test` fails when
// this file and the Rust disagree, and `ADK_WRITE_CONTRACT=1 cargo test contract` writes it
// anew. Not in contract.js, which an app's bundle shares with the transport's chunk: here,
// they stay in the chunk of the decision that reads them.

/** The stable names of `explain().rule`: by rule code, then the glue's own. */
export const RULE_NAMES = /** @type {const} */ (['malformed-input', 'not-assistant', 'no-parts', 'approval-pending', 'still-streaming', 'awaiting-browser-output', 'no-user-action', 'already-known', 'unsent-user-action', 'waits-to-be-sent', 'arrival-unknown', 'no-messages', 'internal-error', 'engine-disposed']);

/** @typedef {typeof RULE_NAMES[number]} RuleName A stable name of the rule that decided (`explain().rule`). */

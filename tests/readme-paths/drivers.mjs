// How the test acts on a README path's page, and reads what it shows. A component block is driven
// as its user drives it: its own buttons (a button whose onClick sends exactly the text the step
// needs, read from the block's code), else a text box and its Send button; approvals through the
// buttons named "Approve…"; what the chat holds through the page's text. A script block (createAdk
// with a Chat) has no UI: the test goes on with the chat and the adk it built, through the same
// calls the block makes (chat.sendMessage, adk.pendingApprovals, adk.approve). A chat error is
// shown in an element with role="alert", as the README's voice block shows the voice's error.
import { untilBackend } from './backend-hooks.mjs';

const WAIT_MS = 10_000;

/** `label` → text, for each button of the block whose click sends a fixed text. */
function sendButtons(code) {
  const buttons = new Map();
  const re = /onClick=\{\(\)\s*=>\s*(?:void\s+)?(?:\w+\.)?sendMessage\(\{\s*text:\s*'([^']*)'\s*\}\)\}>([^<{]+)<\/button>/g;
  for (const [, text, label] of code.matchAll(re)) buttons.set(text, label.trim());
  return buttons;
}

/** Why a step could not be done on this block: a README defect the test reports as it is. */
class BlockLacks extends Error {
  constructor(message) {
    super(message);
    this.name = 'BlockLacks';
  }
}

/** Counts `source` (a RegExp source) in `text`. */
const occurrences = (text, source) => (text.match(new RegExp(source, 'g')) ?? []).length;

export class ComponentDriver {
  constructor(page, code) {
    this.page = page;
    this.buttons = sendButtons(code);
  }

  async send(text) {
    const label = this.buttons.get(text);
    if (label) return this.page.getByRole('button', { name: label, exact: true }).click();
    const box = this.page.getByRole('textbox');
    if ((await box.count()) === 0) {
      const have = [...this.buttons].map(([t, l]) => `"${l}" sends "${t}"`).join(', ') || 'none';
      throw new BlockLacks(`the README block gives its user no way to send "${text}": no text box, and no button that sends it (its send buttons: ${have})`);
    }
    await box.first().fill(text);
    const send = this.page.getByRole('button', { name: /^send$/i });
    if ((await send.count()) > 0) await send.first().click();
    else await box.first().press('Enter');
  }

  /** Sends something, as the block lets its user: its first fixed-text button, else `text` typed. */
  sendAny(text) {
    const [first] = this.buttons.keys();
    return this.send(first ?? text);
  }

  approveButtons() {
    return this.page.getByRole('button', { name: /^Approve\b/ });
  }

  /** Waits until exactly `n` approvals are shown at the same time. */
  async waitApprovals(n) {
    try {
      await this.page.waitForFunction(
        (n) => [...document.querySelectorAll('button')].filter((b) => /^Approve\b/.test(b.textContent.trim())).length === n,
        n,
        { timeout: WAIT_MS },
      );
    } catch {
      const now = await this.approveButtons().count();
      throw new Error(`the page never showed ${n} Approve button(s) at the same time (now ${now}); it shows:\n${await this.shown()}`);
    }
  }

  /** Approves every shown approval, one click at a time (each waits for its button to go). */
  async approveAll() {
    for (let left = await this.approveButtons().count(); left > 0; left--) {
      await this.approveButtons().first().click();
      await this.page.waitForFunction(
        (left) => [...document.querySelectorAll('button')].filter((b) => /^Approve\b/.test(b.textContent.trim())).length < left,
        left,
        { timeout: WAIT_MS },
      );
    }
  }

  /** Waits until the page's text holds `re` at least `count` times. */
  async waitText(re, count = 1) {
    try {
      await this.page.waitForFunction(([source, count]) => (document.body.innerText.match(new RegExp(source, 'g')) ?? []).length >= count, [re.source, count], {
        timeout: WAIT_MS,
      });
    } catch {
      const seen = occurrences(await this.shown(), re.source);
      throw new Error(`the page did not show ${re} ${count} time(s) (it shows it ${seen} time(s)); it shows:\n${await this.shown()}`);
    }
  }

  shown() {
    return this.page.locator('body').innerText();
  }

  /**
   * For each of `res` in order, the innermost element whose text matches it, each after the one
   * before and none shared: one element (one message) per expected text. Returns null, or what is
   * wrong.
   */
  orderProblem(res) {
    return this.page.evaluate((sources) => {
      const all = [...document.body.querySelectorAll('*')];
      let previous = null;
      for (const [i, source] of sources.entries()) {
        const re = new RegExp(source);
        const found = all.find(
          (el) =>
            re.test(el.textContent) &&
            ![...el.children].some((c) => re.test(c.textContent)) &&
            (previous === null || (el !== previous && !el.contains(previous) && previous.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)),
        );
        if (!found) {
          return `message ${i + 1} (${source}) is not shown in an element of its own after message ${i} (${previous ? JSON.stringify(previous.textContent.slice(0, 160)) : 'none'})`;
        }
        previous = found;
      }
      return null;
    }, res.map((r) => r.source));
  }

  /** Waits until the backend has sent all it has to send (the page shows no status to wait on). */
  settled(backend) {
    return untilBackend(() => backend.quiet(), 'to the end of what it had to send');
  }

  /** The errors the page shows: its role="alert" elements (as the voice block shows voice.error). */
  async chatError() {
    const alerts = await this.page.getByRole('alert').allInnerTexts();
    return alerts.length ? alerts.join('\n') : null;
  }

  /** Waits until the page shows an error (role="alert") that matches `re`. */
  async waitError(re) {
    try {
      await this.page.getByRole('alert').filter({ hasText: re }).first().waitFor({ timeout: WAIT_MS });
    } catch {
      throw new Error(`the page shows no error (an element with role="alert") that matches ${re}; it shows:\n${await this.shown()}`);
    }
  }
}

export class ScriptDriver {
  constructor(page) {
    this.page = page;
  }

  /** Waits for the block to have run (its own flow included); throws what it threw. */
  async ready() {
    await this.page.waitForFunction(() => window.readme || window.readmeError, null, { timeout: WAIT_MS * 2 });
    const error = await this.page.evaluate(() => window.readmeError);
    if (error) throw new Error(`the README block threw when it ran: ${error}`);
  }

  send(text) {
    // Not awaited: sendMessage resolves when the response ends; the test waits on what it shows.
    return this.page.evaluate((text) => void window.readme.chat.sendMessage({ text }), text);
  }

  async waitApprovals(n) {
    try {
      await this.page.waitForFunction((n) => window.readme.adk.pendingApprovals().length === n, n, { timeout: WAIT_MS });
    } catch {
      const now = await this.page.evaluate(() => window.readme.adk.pendingApprovals().map((p) => p.toolName));
      const error = await this.chatError();
      throw new Error(`${n} approval(s) were never pending at the same time (now: ${JSON.stringify(now)}; the chat's error: ${error}); the chat holds:\n${await this.shown()}`);
    }
  }

  approveAll() {
    return this.page.evaluate(async () => {
      for (const p of window.readme.adk.pendingApprovals()) await window.readme.adk.approve(p.approvalId);
    });
  }

  /** The chat's messages as `role: text [tool states]` lines. */
  shown() {
    return this.page.evaluate(() =>
      window.readme.chat.messages
        .map((m) => {
          const tools = m.parts.filter((p) => 'toolCallId' in p).map((p) => `${p.type}:${p.state}`);
          return `${m.role}: ${m.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')}${tools.length ? ` [${tools.join(', ')}]` : ''}`;
        })
        .join('\n'),
    );
  }

  async waitText(re, count = 1) {
    try {
      await this.page.waitForFunction(
        ([source, count]) =>
          (window.readme.chat.messages.flatMap((m) => m.parts.map((p) => (p.type === 'text' ? p.text : ''))).join('\n').match(new RegExp(source, 'g')) ?? [])
            .length >= count,
        [re.source, count],
        { timeout: WAIT_MS },
      );
    } catch {
      throw new Error(`the chat did not hold ${re} ${count} time(s); it holds:\n${await this.shown()}`);
    }
  }

  /** The last messages must be one per expected text, in order. */
  async orderProblem(res) {
    const texts = (await this.shown()).split('\n');
    const tail = texts.slice(-res.length);
    const bad = res.findIndex((re, i) => !re.test(tail[i] ?? ''));
    return bad < 0 ? null : `message ${bad + 1} of the last ${res.length} is ${JSON.stringify(tail[bad])}, expected ${res[bad]}`;
  }

  chatError() {
    return this.page.evaluate(() => window.readme.chat.error?.message ?? null);
  }

  /** Waits until the backend has sent all it has to send, and the chat is ready. */
  async settled(backend) {
    await untilBackend(() => backend.quiet(), 'to the end of what it had to send');
    await this.page.waitForFunction(() => window.readme.chat.status === 'ready', null, { timeout: WAIT_MS });
  }
}

export { BlockLacks };

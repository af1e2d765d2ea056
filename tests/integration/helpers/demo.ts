// The demo backend (www/server) as the fault tests drive it: restartable on its port, its SSE
// sessions in a file (as the real ADK backend keeps them in SQLite: a restart resumes them), the
// payments of every instance counted. Each test registers how to stop it in its `cleanups`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
// @ts-expect-error: the demo backend is plain JavaScript without declarations
import { startBackend } from '../../../www/server/app.mjs';

/** The demo backend on `port` (0: a free one); payments of earlier instances are kept in `paid`. */
export class Demo {
  backend: any = null;
  paid = 0;
  port = 0;
  sessionsFile = join(mkdtempSync(join(tmpdir(), 'adk-demo-')), 'sessions.json');

  /** A started backend; `cleanups` gets its stop and its sessions file's removal. */
  static async start(cleanups: Array<() => unknown>): Promise<Demo> {
    const demo = new Demo();
    await demo.restart();
    cleanups.push(() => rmSync(dirname(demo.sessionsFile), { recursive: true, force: true }));
    cleanups.push(() => demo.kill());
    return demo;
  }

  async restart() {
    this.backend = await startBackend({ port: this.port, quiet: true, chunkDelayMs: 0, staticDir: null, sessionsFile: this.sessionsFile });
    this.port = this.backend.port;
  }

  async kill() {
    if (this.backend === null) return;
    this.paid += this.backend.wallets.payments.length;
    await this.backend.close();
    this.backend = null;
  }

  /** The network between the chat and the backend is cut: each socket is destroyed, no close frame. */
  cut() {
    for (const session of this.backend.sessions) session.socket.terminate();
  }

  get payments(): number {
    return this.paid + (this.backend ? this.backend.wallets.payments.length : 0);
  }

  get requests(): number {
    return this.backend ? this.backend.stats.totals.sseRequests : 0;
  }

  get bidiMessages(): number {
    return this.backend.stats.totals.bidiMessages;
  }
}

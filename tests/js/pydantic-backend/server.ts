// Starts and stops the real Pydantic AI backend (tests/pydantic-backend/server.py: Pydantic AI's
// Vercel AI adapter with a scripted FunctionModel) for one test file. It runs on the Python of the
// virtualenv scripts/setup.sh creates (.tools/pydantic-venv), binds 127.0.0.1 on a free port and
// prints its URL. The process exits by itself when its stdin closes, so it never outlives the test
// run, even one that is killed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER = join(ROOT, 'tests', 'pydantic-backend', 'server.py');
const PYTHON = process.env.PYDANTIC_PYTHON ?? join(ROOT, '.tools', 'pydantic-venv', 'bin', 'python');

/** What the server saw of one chat (the request body's `id`). */
export interface ServerLog {
  requests: number;
  bodies: any[];
  modelCalls: number;
  /** Each tool body the server ran, in order; a browser tool's body logs `name:deferred`. */
  toolRuns: string[];
  slowWordsSent: number;
}

export interface PydanticServer {
  /** The chat endpoint, for `DefaultChatTransport({api})`. */
  api: string;
  log(chatId: string): Promise<ServerLog>;
  close(): Promise<void>;
}

export async function startPydanticServer(): Promise<PydanticServer> {
  if (!existsSync(PYTHON)) {
    throw new Error(`${PYTHON} is missing: run 'bash scripts/setup.sh' (it creates the Pydantic AI virtualenv in .tools/pydantic-venv)`);
  }
  const child: ChildProcess = spawn(PYTHON, [SERVER], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, PYTHONUNBUFFERED: '1' } });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (data: string) => {
    stderr += data;
  });
  const base = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`the Pydantic server did not start within 30 s\n${stderr}`)), 30_000);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (data: string) => {
      stdout += data;
      const match = /listening (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the Pydantic server exited with code ${code} before it listened\n${stderr}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    api: `${base}/api/chat`,
    async log(chatId) {
      const response = await fetch(`${base}/log/${encodeURIComponent(chatId)}`);
      if (!response.ok) throw new Error(`GET /log/${chatId}: ${response.status}\n${stderr}`);
      return (await response.json()) as ServerLog;
    },
    async close() {
      // Closing stdin is the server's signal to exit; a kill only if it has not within a second.
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 1_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

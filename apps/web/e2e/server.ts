import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API did not become healthy within ${timeoutMs} ms`);
}

export interface RunningServer {
  baseURL: string;
  logs: string[];
  stop(): Promise<void>;
}

/**
 * Starts the real API process (`apps/api/src/server.ts`) on a free port with a fresh embedded
 * database in a temporary directory, demo data loaded, serving the built web app.
 */
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const webDist = path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w apps/web` first.');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'postwise-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => logs.push(String(d)));
  child.stderr?.on('data', (d) => logs.push(String(d)));
  try {
    // A shared, busy machine can need longer to migrate and seed the embedded database.
    await waitForHealth(baseURL, child, Number(process.env.E2E_BOOT_TIMEOUT_MS ?? 90_000));
  } catch (err) {
    child.kill('SIGKILL');
    console.error(logs.join(''));
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    baseURL,
    logs,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => {
          const t = setTimeout(() => {
            child.kill('SIGKILL');
            r(null);
          }, 10_000);
          child.once('exit', () => {
            clearTimeout(t);
            r(null);
          });
        });
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The local EasyPost stand-in in its own process (apps/api/src/scripts/easypost-fake.ts): the API is started with
 * `EASYPOST_API_URL` pointing at it, so a test that turns EasyPost on buys carrier labels through the official SDK
 * without the internet. EasyPost stays off until a test turns it on.
 */
export async function startEasyPostFake(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/scripts/easypost-fake.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the EasyPost fake did not start')), 60_000);
    child.stdout?.on('data', (d) => {
      out += String(d);
      const found = /EASYPOST_API_URL=(\S+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`the EasyPost fake exited with code ${code}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

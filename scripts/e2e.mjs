#!/usr/bin/env node
/**
 * Runs the end-to-end tests as two halves at once (vitest --shard), each with its own API process, embedded
 * database, demo data and Chromium (apps/web/e2e/global-setup.ts): most of a browser test is waiting on the page or
 * the API, so two halves side by side keep both cores busy and finish in a little over half the time of one run.
 * Files inside a half run one after another, as before. Lines are prefixed with their half; the exit code is the
 * first failing half's. With extra arguments (a file filter, -t) the few tests they pick run in one process;
 * E2E_SHARDS sets the number of halves.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const extra = process.argv.slice(2);
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? (extra.length ? 1 : 2)));

function runShard(index) {
  const args = ['vitest', 'run', '--config', 'apps/web/e2e/vitest.config.ts', ...extra];
  if (shards > 1) args.push(`--shard=${index}/${shards}`);
  const child = spawn('npx', args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = shards > 1 ? `[e2e ${index}/${shards}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) {
  console.error(`end-to-end tests failed in half ${codes.indexOf(failed) + 1} of ${shards}`);
  process.exit(failed);
}

// Runs a command with TEST_DATABASE_URL pointing at a real PostgreSQL server
// (default: the local one on 127.0.0.1:5432 with trust auth). Each test file creates
// its own randomly named database there and drops it afterwards.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}
console.log(`Running against PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//***@')}`);
const result = spawnSync(cmd, args, {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);

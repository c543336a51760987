import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end tests: a real API process (embedded PGlite, demo data) serving the built web app,
// driven through Debian Chromium with playwright-core.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default: too short for a page that has just been opened, with its chunks and
    // first API answers, while the other half of the files loads the same two cores (Playwright's own waits allow 30 s).
    expect: { poll: { timeout: 10_000 } },
    // One browser at a time per process: `npm run test:e2e` runs two processes (scripts/e2e.mjs), each a half of
    // the files with its own server, which keeps both cores busy without tests of one half meeting in one database.
    fileParallelism: false,
  },
});

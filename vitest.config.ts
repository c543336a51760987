import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Test files share a worker's modules: the app's module graph is imported and PGlite's WebAssembly
          // compiled once per worker instead of once per file (the suite ran about four times longer isolated).
          // No API test mocks modules; each builds its own app and database (test/test-app.ts).
          isolate: false,
        },
      },
      {
        test: {
          name: 'client',
          root: './packages/client',
          include: ['src/**/*.test.ts', 'examples/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});

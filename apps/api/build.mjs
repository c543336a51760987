/**
 * Compiles the API for production: one ESM bundle per entry point in dist/, started with plain `node`.
 * Our own code and @postwise/shared (TypeScript source) are bundled; every npm dependency stays an import
 * resolved from node_modules at run time (native binaries, wasm and data files load as their packages expect).
 * dist/ must stay flat (no sub-folders): src/paths.ts finds apps/api as the parent of the running module.
 */
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@postwise/'));

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server.ts',
    migrate: 'src/scripts/migrate.ts',
    seed: 'src/scripts/seed.ts',
    'create-super-admin': 'src/scripts/create-super-admin.ts',
  },
  absWorkingDir: new URL('.', import.meta.url).pathname,
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Sub-paths (e.g. drizzle-orm/pg-core) are external too.
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
console.log('API built into apps/api/dist');

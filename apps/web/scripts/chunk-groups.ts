/**
 * How the client build groups modules into chunks (Rolldown's `codeSplitting.groups`, read by vite.config.ts).
 *
 * Left to itself the bundler gives every module that two lazy routes share a chunk of its own: a public page
 * fetched about twenty single-icon chunks of 200 bytes, each with its own response headers, and the signed-in inbox
 * 81 chunks. The budgets (docs/benchmarks.md) count bytes as the browser receives them (headers included) and
 * requests, so:
 * - vendor libraries that change rarely keep their own long-cached chunks (React, zod), and heavy ones only a few
 *   screens use (charts, the rich-text editor, Stripe) keep theirs, so the inbox does not download them;
 * - what the entry imports statically joins the entry chunk;
 * - modules the prerendered public pages need (on their first load, or later on demand: a form's schema, the
 *   toaster) and that more than one lazy route shares are grouped by `clusterPublicModules` below, which weighs
 *   the bytes each page would download for nothing against the ~550 bytes one more request costs;
 * - everything else two or more signed-in screens share is one `app` chunk;
 * - a module only one lazy route uses stays inside that route's chunk.
 */
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { ROUTES } from '../../../packages/shared/src/routes';
import { PRERENDERED_ROUTE_IDS } from '../src/app/prerendered-routes';

/** The subset of Rolldown's CodeSplittingGroup used here (its type is not exported by name). */
export interface ChunkGroup {
  name: string | ((moduleId: string, ctx: ChunkingContext) => string | null);
  test?: RegExp;
  tags?: '$initial'[];
  includeDependenciesRecursively?: boolean;
  minShareCount?: number;
}

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

const VENDOR: ChunkGroup[] = [
  { name: 'react', test: nodeModule('react|react-dom|scheduler|react-router') },
  // Validation loads when a form first validates (lazySchema in src/lib/light-form.ts), not with the page.
  { name: 'validation', test: nodeModule('zod') },
  {
    name: 'charts',
    test: nodeModule(
      'recharts|d3-[a-z-]+|victory-vendor|internmap|decimal\\.js-light|@reduxjs|redux|react-redux|redux-thunk|immer|reselect|es-toolkit|eventemitter3|tiny-invariant|react-is',
    ),
  },
  // React's store-subscription shim, shared by the charts and the editor: a chunk of its own. Every package a group
  // needs belongs to a group (react-is and react-redux with the charts): one left to the screen that first loads it
  // makes the group import that screen's chunk back, a cycle that left recharts with an undefined import.
  { name: 'sync-store', test: nodeModule('use-sync-external-store') },
  {
    name: 'editor',
    test: nodeModule(
      '@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|markdown-it|mdurl|uc\\.micro|punycode\\.js|entities|linkify-it',
    ),
  },
  { name: 'stripe', test: nodeModule('@stripe') },
];
const isVendorGrouped = (id: string) => VENDOR.some((group) => group.test?.test(id));

/**
 * Packages whose index re-exports everything they have. The module graph links such an index to every icon or
 * primitive, used or not, so the walks below follow only the names a module imports from it.
 */
const BARRELS: Record<string, RegExp> = {
  'lucide-react': /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/,
  'radix-ui': /[\\/]node_modules[\\/]radix-ui[\\/]dist[\\/]index\.mjs$/,
};
const isBarrel = (id: string) => Object.values(BARRELS).some((re) => re.test(id));

/** Export name -> module id of a barrel index, read from its re-export statements. */
function barrelExports(info: ModuleInfo): Map<string, string> {
  const byName = new Map<string, string>();
  const code = info.code ?? '';
  // lucide-react: export { default as Mail, default as MailIcon, ... } from './icons/mail.mjs';
  for (const [, names = '', from = ''] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g)) {
    const target = path.resolve(path.dirname(info.id), from);
    for (const part of names.split(',')) {
      const name = part
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) byName.set(name, target);
    }
  }
  // radix-ui: import * as Dialog from "@radix-ui/react-dialog"; then export { Dialog, ... }
  for (const [, name = '', from = ''] of code.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*['"]([^'"]+)['"]/g)) {
    const target = info.importedIds.find((id) => id.includes(`${path.sep}node_modules${path.sep}${from}${path.sep}`));
    if (target) byName.set(name, target);
  }
  return byName;
}

/** A module's static imports, barrels replaced by the modules its `import { A, B as C } from '<barrel>'` names. */
function staticImports(info: ModuleInfo, ctx: ChunkingContext, barrels: Map<string, Map<string, string>>): string[] {
  const found = info.importedIds.filter((id) => !isBarrel(id));
  for (const [, names = '', spec = ''] of (info.code ?? '').matchAll(
    /import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    const barrelId = BARRELS[spec] && info.importedIds.find((id) => BARRELS[spec]!.test(id));
    if (!barrelId) continue;
    let exports = barrels.get(barrelId);
    if (!exports) {
      const barrelInfo = ctx.getModuleInfo(barrelId);
      exports = barrelInfo ? barrelExports(barrelInfo) : new Map<string, string>();
      barrels.set(barrelId, exports);
    }
    for (const part of names.split(',')) {
      const target = exports.get(part.split(/\s+as\s+/)[0]?.trim() ?? '');
      if (target) found.push(target);
    }
  }
  return found;
}

/**
 * The layouts and pages a logged-out visitor opens first, the prerendered ones (the pages with a budget): public
 * pages live in features/public, guest pages in features/auth, each in `<route id>-page.tsx`.
 */
const src = (file: string) => new RegExp(`[\\\\/]src[\\\\/]${file.replace(/\//g, '[\\\\/]')}\\.tsx$`);
const PUBLIC_PAGES = PRERENDERED_ROUTE_IDS.map((id) => {
  const layout = ROUTES.find((r) => r.id === id)?.layout === 'public' ? 'public' : 'auth';
  return {
    id,
    page: src(`features/${layout === 'public' ? 'public' : 'auth'}/pages/${id}-page`),
    layout: src(`app/layouts/${layout}-layout`),
  };
});

/**
 * Who loads a module: a prerendered page on its first load (`page:<id>`), a public page later on demand (`lazy:…`,
 * a form's schema, the toaster), or the signed-in app (`app`). Each weighs bytes and requests differently.
 */
interface Consumer {
  name: string;
  /**
   * Cost of one more request, in bytes: its response headers (about 300 bytes here) and the chunk's own import and
   * export statements (about 250 more); or more where requests count.
   */
  request: number;
  /** Share of a byte that counts: a first load fully, what loads on demand or in the signed-in app less. */
  byteWeight: number;
}
const PAGE_CONSUMER = { request: 550, byteWeight: 1 };
const LAZY_CONSUMER = { request: 400, byteWeight: 0.3 };
// The signed-in inbox has a budget of requests (30 with API calls and photos), not of bytes.
const APP_CONSUMER = { request: 6000, byteWeight: 0.05 };

interface Cluster {
  modules: string[];
  bytes: number;
  consumers: Set<string>;
}

/**
 * Estimated brotli size of a module once minified: its code compressed on its own, scaled down for minification
 * (and for compressing together with its chunk's other modules).
 */
const estimatedBytes = (info: ModuleInfo) =>
  0.7 * brotliCompressSync(info.code ?? '', { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }).length;

/**
 * Chunk name per public module that more than one lazy route shares. Starts with one cluster per distinct set of
 * consumers (which never wastes a byte but costs a request each) and merges the pair that lowers the total cost
 * most (bytes downloaded for nothing against requests saved), until no merge helps. Worked out once per build.
 */
function clusterPublicModules(ctx: ChunkingContext, anyId: string): Map<string, string> {
  const barrels = new Map<string, Map<string, string>>();
  const closure = (root: string): Set<string> => {
    const seen = new Set<string>();
    const queue = [root];
    while (queue.length) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = ctx.getModuleInfo(id);
      if (info) queue.push(...staticImports(info, ctx, barrels));
    }
    return seen;
  };

  // The entry's static closure goes to the boot chunk; every dynamic import target is a lazy root.
  const entry = findEntry(ctx, anyId) ?? anyId;
  const boot = closure(entry);
  const lazyRoots = new Set<string>();
  const visited = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const id = stack.pop()!;
    if (visited.has(id)) continue;
    visited.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    info.dynamicallyImportedIds.forEach((d) => lazyRoots.add(d));
    stack.push(...info.importedIds, ...info.dynamicallyImportedIds);
  }
  const rootClosures = new Map([...lazyRoots].map((root) => [root, closure(root)] as const));

  // Which lazy roots reach each module (Rolldown splits a module out when two or more do).
  const rootsOf = new Map<string, Set<string>>();
  for (const [root, modules] of rootClosures)
    for (const id of modules) rootsOf.set(id, (rootsOf.get(id) ?? new Set()).add(root));

  // Consumers and what each needs.
  const consumers = new Map<string, Consumer & { needs: Set<string> }>();
  const publicRoots = new Set<string>();
  for (const page of PUBLIC_PAGES) {
    const roots = [...lazyRoots].filter((r) => page.page.test(r) || page.layout.test(r));
    roots.forEach((r) => publicRoots.add(r));
    const needs = new Set(roots.flatMap((r) => [...rootClosures.get(r)!]));
    consumers.set(`page:${page.id}`, { name: `page:${page.id}`, ...PAGE_CONSUMER, needs });
  }
  // What public pages load on demand: the dynamic imports reachable from their modules.
  const firstLoad = new Set([...consumers.values()].flatMap((c) => [...c.needs]));
  const onDemand = [...firstLoad].flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
  for (const root of new Set(onDemand)) {
    if (publicRoots.has(root) || !rootClosures.has(root)) continue;
    publicRoots.add(root);
    consumers.set(`lazy:${root}`, {
      name: `lazy:${path.basename(root)}`,
      ...LAZY_CONSUMER,
      needs: rootClosures.get(root)!,
    });
  }
  const appNeeds = new Set(
    [...rootClosures].filter(([root]) => !publicRoots.has(root)).flatMap(([, modules]) => [...modules]),
  );
  consumers.set('app', { name: 'app', ...APP_CONSUMER, needs: appNeeds });

  // The modules to place: public, shared by two or more lazy roots, not a route module, not grouped before.
  const byConsumers = new Map<string, Cluster>();
  for (const [id, roots] of rootsOf) {
    if (roots.size < 2 || lazyRoots.has(id) || boot.has(id) || isVendorGrouped(id)) continue;
    const users = [...consumers].filter(([, c]) => c.needs.has(id)).map(([key]) => key);
    if (!users.some((key) => key !== 'app')) continue;
    const key = users.sort().join('|');
    const cluster = byConsumers.get(key) ?? { modules: [], bytes: 0, consumers: new Set(users) };
    cluster.modules.push(id);
    cluster.bytes += estimatedBytes(ctx.getModuleInfo(id)!);
    byConsumers.set(key, cluster);
  }

  const cost = (cluster: Cluster) =>
    [...cluster.consumers].reduce((sum, key) => {
      const c = consumers.get(key)!;
      return sum + c.request + c.byteWeight * cluster.bytes;
    }, 0);
  const clusters = [...byConsumers.values()];
  for (;;) {
    let best: { i: number; j: number; gain: number } | null = null;
    for (let i = 0; i < clusters.length; i++) {
      for (let j = i + 1; j < clusters.length; j++) {
        const a = clusters[i]!;
        const b = clusters[j]!;
        const merged = { modules: [], bytes: a.bytes + b.bytes, consumers: new Set([...a.consumers, ...b.consumers]) };
        const gain = cost(a) + cost(b) - cost(merged);
        if (gain > 0 && (!best || gain > best.gain)) best = { i, j, gain };
      }
    }
    if (!best) break;
    const a = clusters[best.i]!;
    const b = clusters[best.j]!;
    clusters[best.i] = {
      modules: [...a.modules, ...b.modules],
      bytes: a.bytes + b.bytes,
      consumers: new Set([...a.consumers, ...b.consumers]),
    };
    clusters.splice(best.j, 1);
  }

  const names = new Map<string, string>();
  for (const cluster of clusters) {
    const name = clusterName(cluster.consumers);
    for (const id of cluster.modules) names.set(id, name);
  }
  return names;
}

/** A readable chunk name: `public` when every public page loads it, else the pages that do (a few named). */
function clusterName(consumerKeys: Set<string>): string {
  const pages = [...consumerKeys].filter((k) => k.startsWith('page:')).map((k) => k.slice('page:'.length));
  if (pages.length === PUBLIC_PAGES.length) return 'public';
  if (!pages.length) return 'public-lazy';
  return `public-${pages.slice(0, 3).join('-')}${pages.length > 3 ? `-and-${pages.length - 3}` : ''}`;
}

function findEntry(ctx: ChunkingContext, id: string): string | null {
  const seen = new Set<string>();
  const queue = [id];
  for (let current = queue.shift(); current; current = queue.shift()) {
    if (seen.has(current)) continue;
    seen.add(current);
    const info = ctx.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) return current;
    queue.push(...info.importers, ...info.dynamicImporters);
  }
  return null;
}

export function chunkGroups(): ChunkGroup[] {
  let publicChunks: Map<string, string> | undefined;
  const publicChunk = (id: string, ctx: ChunkingContext) => (publicChunks ??= clusterPublicModules(ctx, id)).get(id);
  return [
    // Dependencies of their own packages only: one they share with lighter code (clsx, for one) stays with that.
    ...VENDOR.map((group) => ({ ...group, includeDependenciesRecursively: group.name === 'react' })),
    // Everything else the entry imports statically (stores, the API client, cn, Lucide's base) joins the entry chunk
    // instead of a handful of small chunks every page would fetch separately.
    { name: 'boot', tags: ['$initial'] },
    // Modules the public pages need, grouped as worked out above; each cluster's members are listed explicitly.
    { name: (id, ctx) => publicChunk(id, ctx) ?? null, includeDependenciesRecursively: false },
    // Shared by two or more signed-in screens, TanStack Query and react-hook-form included: one request.
    {
      name: (id, ctx) => (publicChunk(id, ctx) ? null : 'app'),
      minShareCount: 2,
      includeDependenciesRecursively: false,
    },
  ];
}

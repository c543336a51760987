/**
 * Second half of `npm run build -w apps/web` (after the client build and the SSR build of src/entry-server.tsx):
 * 1. writes each public page's prerendered HTML to dist/<path>/index.html (home: dist/index.html), and the
 *    empty single-page shell every other path gets to dist/spa.html;
 *    with the CSS its markup uses inlined (beasties) and the full stylesheet loaded without blocking the first paint;
 * 2. writes a brotli (.br) and a gzip (.gz) copy of every compressible file in dist, which the API's static
 *    plugin sends as stored (`preCompressed`), so no request compresses a static file.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Beasties from 'beasties';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webRoot, 'dist');
const serverBuild = path.join(webRoot, 'dist-server');

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The chunks of a source module and everything it imports statically, minus what the entry already preloads. */
function chunkFiles(manifest: Manifest, sources: string[]): string[] {
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const skip = new Set<string>();
  const mark = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) mark(imported, into);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k] === entry);
  if (entryKey) mark(entryKey, skip);
  const files = new Set<string>();
  for (const source of sources) mark(source, files);
  return [...files].filter((f) => !skip.has(f));
}

/**
 * Source modules of a prerendered route's layout and page as router.tsx loads them: public pages live in
 * features/public, guest pages in features/auth, each in `<route id>-page.tsx`.
 */
function routeSources(id: string, layout: string): string[] {
  const feature = layout === 'public' ? 'public' : 'auth';
  return [`src/app/layouts/${layout}-layout.tsx`, `src/features/${feature}/pages/${id}-page.tsx`];
}

/**
 * The CSS a prerendered page's markup uses, inlined as a <style> in its head (every rule whose selector matches the
 * page, with the media queries and keyframes they need), and the full stylesheet turned non-blocking: `media="print"`
 * with `data-beasties-media`, which the entry module (`main.tsx`, `lib/deferred-styles.ts`) switches to `all`, and a
 * <noscript> copy for browsers without JavaScript. The switch lives in the entry, not in the inline script beasties
 * would add: the CSP allows only same-origin scripts (`script-src 'self'`); inline styles are allowed
 * (`style-src 'self' 'unsafe-inline'`, apps/api/src/app.ts).
 */
const beasties = new Beasties({
  path: dist,
  publicPath: '/',
  preload: 'media-script',
  noscriptFallback: true,
  // Beasties cannot see that Inter is used (the font family comes through a CSS variable): fontFaces() adds it.
  inlineFonts: false,
  preloadFonts: false,
  pruneSource: false,
  reduceInlineStyles: false,
  keyframes: 'critical',
  // Tailwind's descendant variants (`[&_svg]:size-4` and the like: `.\[\&_svg\]\:size-4 svg`) are not matched
  // by beasties' selector test, so they are always kept (27 short rules); an icon would otherwise paint at 24px.
  allowRules: [/\\\[\\&/],
  compress: true,
  logLevel: 'warn',
});

const DEFERRED_MEDIA_SCRIPT = /<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/;

/**
 * The stylesheet's @font-face rules (Inter, one per unicode range): the text of the first paint is set in Inter as
 * with the full stylesheet. Only the rules are inlined; each font file loads as before, once its range is used.
 */
function fontFaces(html: string): string {
  const href = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"/.exec(html)?.[1];
  if (!href) throw new Error('No stylesheet link in the built index.html');
  return (readFileSync(path.join(dist, href), 'utf8').match(/@font-face\{[^}]*\}/g) ?? []).join('');
}

async function inlineCriticalCss(html: string): Promise<string> {
  const fonts = fontFaces(html);
  const out = (await beasties.process(html)).replace(DEFERRED_MEDIA_SCRIPT, '').replace('<style>', `<style>${fonts}`);
  if (!/<link rel="stylesheet"[^>]*media="print"[^>]*data-beasties-media/.test(out)) {
    throw new Error('beasties left no deferred stylesheet: the page would block on its CSS or have none');
  }
  if (/<script(?![^>]*\bsrc=)[^>]*>/.test(out))
    throw new Error('An inline <script> would break the CSP (script-src self)');
  return out;
}

async function prerender(): Promise<void> {
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root to fill');
  writeFileSync(path.join(dist, 'spa.html'), template);

  const manifestPath = path.join(dist, '.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const { PRERENDERED_ROUTE_IDS, renderPage, finishPrerender } = (await import(
    pathToFileURL(path.join(serverBuild, 'entry-server.js')).href
  )) as typeof import('../src/entry-server');

  for (const id of PRERENDERED_ROUTE_IDS) {
    const page = await renderPage(id);
    const sources = routeSources(id, page.layout);
    const missing = sources.filter((s) => !manifest[s]);
    if (missing.length) throw new Error(`Not in the Vite manifest: ${missing.join(', ')} (see routeSources)`);
    // The page's own chunks load alongside the entry instead of after it.
    const preloads = chunkFiles(manifest, sources)
      .filter((f) => f.endsWith('.js'))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
      .join('\n    ');
    let html = template
      .replace('<title>Postwise</title>', `<title>${escapeAttr(page.title)}</title>`)
      .replace('</head>', `  ${preloads}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${page.html}</div>`);
    if (page.description) {
      html = html.replace(
        /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
        `<meta name="description" content="${escapeAttr(page.description)}" />`,
      );
    }
    html = await inlineCriticalCss(html);
    const target = page.path === '/' ? path.join(dist, 'index.html') : path.join(dist, page.path, 'index.html');
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, html);
    console.log(`prerendered ${page.path} (${Math.round(html.length / 1024)} KB)`);
  }
  finishPrerender();
  // Build-only artefacts: the manifest served no one, and the SSR bundle is not shipped.
  rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
  rmSync(serverBuild, { recursive: true, force: true });
}

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/i;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

function compressAll(): void {
  let count = 0;
  for (const file of files(dist)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    const br = brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    // A copy that does not save bytes is not worth a lookup; the plain file is sent instead.
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    count++;
  }
  console.log(`compressed ${count} files (brotli and gzip)`);
}

if (!existsSync(path.join(serverBuild, 'entry-server.js')))
  throw new Error('Run the SSR build first (see package.json).');
await prerender();
compressAll();

/**
 * Fallback faces for Inter with its metrics (the way fontaine and capsize compute them): until the web font has
 * arrived (font-display: swap), text is set in a local sans-serif resized and re-spaced to take exactly Inter's room
 * (size-adjust from the average character width, ascent/descent/line-gap overrides), so the swap moves nothing.
 * Without it the home page's layout shift was 0.19 on a throttled phone (docs/benchmarks.md).
 *
 * The metrics come from the Inter file the build ships and fontaine's table of system fonts; nothing is fetched.
 * Each fallback family lists the fonts that share its metrics, since local() matches font names exactly:
 * Arial (Windows, macOS, iOS) and its metric-compatible clones (Linux), then Roboto (Android).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { generateFontFace, getMetricsForFamily, readMetrics } from 'fontaine';
import type { Plugin } from 'vite';

/** Family names used by --font-sans in src/index.css, in this order after 'Inter Variable'. */
export const INTER_FALLBACKS = [
  { family: 'Inter fallback', metricsOf: 'Arial', locals: ['Arial', 'Liberation Sans', 'Arimo', 'Helvetica'] },
  { family: 'Inter fallback Roboto', metricsOf: 'Roboto', locals: ['Roboto'] },
] as const;

const require = createRequire(import.meta.url);

async function fallbackFaces(): Promise<string> {
  // The Latin subset: the one the pages' text is in (the others load by unicode-range when needed).
  const file = require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
  const inter = await readMetrics(pathToFileURL(file));
  if (!inter) throw new Error(`Could not read the metrics of ${file}`);
  const faces: string[] = [];
  for (const fallback of INTER_FALLBACKS) {
    const metrics = await getMetricsForFamily(fallback.metricsOf);
    if (!metrics) throw new Error(`No metrics for ${fallback.metricsOf} in fontaine's table`);
    // A regular and a bold face (local() names one file each), so bold text is the real bold, not a synthetic one.
    for (const [weight, suffix] of [
      ['100 599', ''],
      ['600 900', ' Bold'],
    ] as const) {
      const face = generateFontFace(inter, {
        name: fallback.family,
        font: fallback.metricsOf,
        metrics,
        'font-weight': weight,
      });
      const src = fallback.locals.map((name) => `local("${name}${suffix}")`).join(', ');
      faces.push(face.replace(/src: [^;]+;/, `src: ${src};`));
    }
  }
  return faces.join('\n');
}

/** Appends the fallback faces to src/index.css (after its @imports, which must come first). */
export function interFallback(): Plugin {
  let faces: Promise<string> | undefined;
  return {
    name: 'postwise-inter-fallback',
    enforce: 'pre',
    async transform(code, id) {
      if (!/[\\/]src[\\/]index\.css$/.test(id.split('?')[0] ?? '')) return null;
      return { code: `${code}\n${await (faces ??= fallbackFaces())}`, map: null };
    },
  };
}

/**
 * The installable app's icons, drawn here as SVG (the Postwise mark of components/brand/logo.tsx and
 * public/favicon.svg) and rasterised with resvg when the web app is built: nothing downloaded, nothing binary
 * committed. The web app manifest (vite.config.ts) lists them; index.html links the Apple touch icon, which iOS
 * uses for "Add to Home Screen".
 */
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';

const NAVY = '#1e2a78';
const ORANGE = '#f97316';

/** The envelope with its orange "new mail" dot, on a 32×32 grid. */
const MARK = `<path d="M7 11.5A2.5 2.5 0 0 1 9.5 9h13a2.5 2.5 0 0 1 2.5 2.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 7 20.5z" fill="none" stroke="#fff" stroke-width="2"/><path d="m8 11 8 6 8-6" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/><circle cx="24" cy="9" r="4" fill="${ORANGE}"/>`;

/** The favicon's rounded square, for launchers that show icons as they are. */
const ANY = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${NAVY}"/>${MARK}</svg>`;

/**
 * Full bleed for launchers that cut their own shape (circle, squircle): the mark kept inside the middle 60 %,
 * well within the maskable safe zone (a circle of 80 % of the width).
 */
const MASKABLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${NAVY}"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)">${MARK}</g></svg>`;

/** iOS rounds the corners itself and shows transparency as black: an opaque square. */
const APPLE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${NAVY}"/><g transform="translate(16 16) scale(0.8) translate(-16 -16)">${MARK}</g></svg>`;

export const APP_ICONS = [
  { file: 'icons/icon-192.png', svg: ANY, size: 192, purpose: 'any' },
  { file: 'icons/icon-512.png', svg: ANY, size: 512, purpose: 'any' },
  { file: 'icons/icon-maskable-512.png', svg: MASKABLE, size: 512, purpose: 'maskable' },
  { file: 'icons/apple-touch-icon.png', svg: APPLE, size: 180, purpose: null },
] as const;

function rasterise(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

/** Emits the icons into the build (and serves them in development) and links the Apple touch icon. */
export function appIcons(): Plugin {
  const rendered = new Map<string, Buffer>();
  const png = (icon: (typeof APP_ICONS)[number]) => {
    let bytes = rendered.get(icon.file);
    if (!bytes) rendered.set(icon.file, (bytes = rasterise(icon.svg, icon.size)));
    return bytes;
  };
  return {
    name: 'postwise-app-icons',
    // The client build only: the prerender's SSR build ships no files.
    apply: (_config, env) => !env.isSsrBuild,
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const icon = APP_ICONS.find((i) => req.url === `/${i.file}`);
        if (!icon) return next();
        res.setHeader('content-type', 'image/png');
        res.end(png(icon));
      });
    },
    generateBundle() {
      for (const icon of APP_ICONS) this.emitFile({ type: 'asset', fileName: icon.file, source: png(icon) });
    },
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' }, injectTo: 'head' },
    ],
  };
}

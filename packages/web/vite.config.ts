import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this size a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every compressible
 * file of the build, so the API server sends them by content negotiation (`@fastify/static`'s
 * `preCompressed`, packages/api/src/app.ts) without compressing on each request. Uses Node's own
 * zlib; the copies are made once per build.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vigil-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) { continue; }
        const raw = fs.readFileSync(file);
        if (raw.length < MIN_BYTES) { continue; }
        const br = zlib.brotliCompressSync(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        fs.writeFileSync(file + '.br', br);
        fs.writeFileSync(file + '.gz', zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * A signed-in load fetches the layout, its first screens and the user's translations from its
 * first byte instead of after the entry has run: a small script (`assets/session-preload-<hash>.js`,
 * `async`, named in index.html before the entry) adds `<link rel=modulepreload>` for the `shell`
 * chunk and the language chunks (locales/es.ts and its fallback locales/en.ts, or locales/en.ts)
 * (`crossorigin` like Vite's own, so the later `import()` reuses them) when a session is stored. The sign-in page without a session loads neither. An external file,
 * not inline: the CSP allows scripts from 'self' only (packages/api/src/app.ts).
 * Reads what lib/auth.tsx (`vigil.session` in localStorage) and lib/i18n.ts (the `vigil_lang`
 * cookie, Spanish by default) write.
 */
function sessionPreload(): Plugin {
  let base = '/';
  return {
    name: 'vigil-session-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const file = (find: (c: (typeof chunks)[number]) => boolean, what: string) => {
          const chunk = chunks.find(find);
          if (!chunk) { this.error(`sessionPreload: no ${what} chunk in the build`); }
          return base + chunk.fileName;
        };
        const shell = file((c) => c.name === 'shell', 'shell');
        const locale = (lang: string) => file((c) => (c.facadeModuleId ?? '').endsWith(`/src/locales/${lang}.ts`), `locales/${lang}.ts`);
        const source =
          `(function(){try{if(!localStorage.getItem('vigil.session'))return;` +
          `var m=document.cookie.match(/(?:^|; )vigil_lang=(en|es)(?:;|$)/);` +
          `var f=m&&m[1]==='en'?${JSON.stringify([shell, locale('en')])}:${JSON.stringify([shell, locale('es'), locale('en')])};` +
          `f.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l);});` +
          `}catch(e){}})();\n`;
        const fileName = `assets/session-preload-${crypto.createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') { this.error('sessionPreload: no index.html in the build'); }
        const tag = `<script async src="${base}${fileName}"></script>\n    `;
        const at = String(html.source).indexOf('<script type="module"');
        if (at < 0) { this.error('sessionPreload: no entry script in index.html'); }
        html.source = String(html.source).slice(0, at) + tag + String(html.source).slice(at);
      },
    },
  };
}

/**
 * Libraries only rare screens use (charts, the calendar, the survey editor's drag and drop, release
 * notes' markdown, the Terra QR code): they stay in those screens' lazy chunks, out of `vendor`.
 */
const RARE_LIBRARIES =
  /[\\/]node_modules[\\/](recharts|d3-[^\\/]+|victory-vendor|internmap|@reduxjs|redux|react-redux|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant|@fullcalendar|@full-ui|temporal-polyfill|temporal-utils|@dnd-kit|dompurify|marked|qrcode\.react)[\\/]/;
/** The chart library and what it pulls in: one chunk, fetched when a chart is about to show. */
const CHART_LIBRARIES =
  /[\\/]node_modules[\\/](recharts|d3-[^\\/]+|victory-vendor|internmap|@reduxjs|redux|react-redux|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant)[\\/]/;
/** Our own code (the web app and the contract it calls through). */
const OWN_CODE = /[\\/]packages[\\/](web|contract)[\\/]src[\\/]/;
/**
 * The signed-in layout and the first screens (dashboard, worklist, patient list, patient page),
 * with whatever of our code they import: one chunk that signed-in loads preload (`sessionPreload`).
 */
const SHELL = [
  /[\\/]src[\\/]app[\\/]layout[\\/]/,
  /[\\/]src[\\/]app[\\/]routes[\\/](dashboard|patient-details)[\\/]/,
  /[\\/]src[\\/]features[\\/]monitoring[\\/]pages[\\/]MonitoringPage\.tsx$/,
  /[\\/]src[\\/]features[\\/]patients[\\/]pages[\\/]PatientsPage\.tsx$/,
];
/** Parts of the first screens they load with `import()` themselves (the patient page's charts). */
const SHELL_LAZY = /[\\/]ChartsSection\.tsx$/;

/**
 * Chunks of the build (docs/benchmarks.md "Pages"): a cold page used to load 130 to 150 small
 * code-split files, six at a time over HTTP/1.1. Now:
 * - `vendor`: React, the router, Mantine, TanStack Query, i18next, zod... every library but the
 *   rare ones above; loaded with the entry;
 * - `boot`: our code the entry needs before anything shows (router, sign-in, API client, contract);
 * - `shell`: the signed-in layout and the first screens (`SHELL`), loaded by `import()` as before
 *   and preloaded at the start of a signed-in load;
 * - `charts`: the chart library;
 * - the rest as Rolldown splits it: one lazy chunk per rare screen.
 * One style sheet for the whole app (`cssCodeSplit: false`, about 20 KB more than Mantine's own):
 * a lazy chunk with its own CSS waits for that file before it runs, one more round trip per screen.
 */
const codeSplitting = {
  groups: [
    { name: 'vendor', test: (id: string) => /[\\/]node_modules[\\/]/.test(id) && !RARE_LIBRARIES.test(id), tags: ['$initial' as const], priority: 30 },
    { name: 'charts', test: CHART_LIBRARIES, priority: 25 },
    { name: 'boot', test: (id: string) => OWN_CODE.test(id) && !/[\\/]src[\\/]main\.tsx$/.test(id), tags: ['$initial' as const], priority: 20 },
    { name: 'shell', test: (id: string) => SHELL.some((re) => re.test(id)) && !SHELL_LAZY.test(id), priority: 10 },
  ],
};

export default defineConfig({
  plugins: [react(), sessionPreload(), precompress()],
  server: { port: 5173, proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1000,
    cssCodeSplit: false,
    rolldownOptions: { output: { codeSplitting } },
  },
});

import fs from 'node:fs';
import path from 'node:path';
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
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = fs.readFileSync(file);
        if (raw.length < MIN_BYTES) continue;
        const br = zlib.brotliCompressSync(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        fs.writeFileSync(file + '.br', br);
        fs.writeFileSync(file + '.gz', zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 800 },
});

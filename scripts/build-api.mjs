#!/usr/bin/env node
// Bundles the API server (packages/api/src/server.ts, with the contract package) into
// packages/api/dist/server.mjs so that `npm start` runs plain Node: no TypeScript loader in the
// running server (about 75 MB less memory, faster start). npm packages stay external (resolved
// from node_modules at run time); only our own TypeScript is bundled.
//   node scripts/build-api.mjs            -> packages/api/dist/server.mjs
//   node scripts/build-api.mjs <entry.ts> <out.mjs>   (the benchmarks' API child)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Node flags the API server runs with (`npm start`, the browser journeys and the benchmarks' API
 * process alike). A stated old-space limit makes V8 collect garbage before its heap grows far past
 * what is live: about 200 MB of memory under load instead of 350 MB, for about 10% more CPU per
 * request (docs/benchmarks.md). 512 MB leaves room for the largest import file (64 MB of JSON).
 */
export const serverNodeFlags = ['--enable-source-maps', '--max-old-space-size=512'];

/** The folders whose files the server bundle is built from (its freshness is checked against them). */
export const apiSources = [path.join(root, 'packages/api/src'), path.join(root, 'packages/contract/src')];

const external = () => {
  const deps = (file) => Object.keys(JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')).dependencies ?? {});
  // i18n-iso-countries is bundled: the API imports its JSON locale files, which Node's ESM loader
  // would want import attributes for.
  return [...deps('packages/api/package.json'), ...deps('packages/contract/package.json')].filter((d) => !d.startsWith('@vigil/') && d !== 'i18n-iso-countries');
};

/** Bundles `entry` (a path from the repository root) into `outfile`. */
export async function buildApi(entry = 'packages/api/src/server.ts', outfile = 'packages/api/dist/server.mjs') {
  await build({
    entryPoints: [path.join(root, entry)],
    outfile: path.join(root, outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: external(),
    sourcemap: 'linked',
    logLevel: 'warning',
    // Some bundled CommonJS code calls require(); ESM output needs one.
    banner: { js: "import { createRequire as __vigilCreateRequire } from 'node:module'; const require = __vigilCreateRequire(import.meta.url);" },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entry, out] = process.argv.slice(2);
  await buildApi(entry, out);
}

// What `npm start` and `npm run start:cluster` do before running the server: install dependencies
// when missing, build the web app and the API bundle when missing or older than their sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repository; exits with its status when it fails. */
export const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Installs and builds what is missing or stale; answers the Node arguments that run the API server. */
export async function prepareServer() {
  if (!fs.existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
    console.log('Installing dependencies (first run)…');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
  const dist = path.join(root, 'packages/web/dist/index.html');
  const sources = [path.join(root, 'packages/web/src'), path.join(root, 'packages/contract/src')];
  if (!fs.existsSync(dist) || Math.max(...sources.map(newestMtime)) > fs.statSync(dist).mtimeMs) {
    console.log('Building the web app…');
    run('npm', ['run', 'build']);
  }
  // The API runs as one bundled file (scripts/build-api.mjs), rebuilt when its sources are newer.
  const server = path.join(root, 'packages/api/dist/server.mjs');
  const { apiSources, buildApi, serverNodeFlags } = await import('./build-api.mjs');
  if (!fs.existsSync(server) || Math.max(...apiSources.map(newestMtime)) > fs.statSync(server).mtimeMs) {
    console.log('Building the API server…');
    await buildApi();
  }
  return [...serverNodeFlags, server];
}

#!/usr/bin/env node
// `npm start`: install dependencies when missing, build the web app and the API bundle when missing
// or older than their sources (scripts/prepare-server.mjs), then run the server (API + web on one
// port, default 8080).
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { prepareServer, root, run } from './prepare-server.mjs';

const serverArgs = await prepareServer();
// Links in e-mails are built only from VIGIL_PUBLIC_URL, never from a request's Host header
// (docs/security.md "Links in e-mails"). Unset, it is the address this server listens on, so the
// demo's e-mails work on this machine; a deployment sets it to the address its users open.
const env = { ...process.env };
if (!env.VIGIL_PUBLIC_URL) {
  env.VIGIL_PUBLIC_URL = `http://localhost:${env.PORT || 8080}`;
  console.log(`Links in e-mails: ${env.VIGIL_PUBLIC_URL} (set VIGIL_PUBLIC_URL to change it)`);
}
// The audit trail's checkpoints are signed with a key the database does not hold (docs/audit.md
// "Checkpoints"). Outside production, with none configured, a local Ed25519 key is created once in
// <VIGIL_DATA_DIR>/audit-key/ (mode 0600; not inside the database's files) so the demo is protected
// from the first start; a deployment configures its own (production creates none and warns).
if (!env.VIGIL_AUDIT_KEY_FILE && !env.VIGIL_AUDIT_KEY && env.NODE_ENV !== 'production') {
  const keyDir = path.join(env.VIGIL_DATA_DIR || path.join(root, 'data'), 'audit-key');
  const keyFile = path.join(keyDir, 'checkpoint-ed25519.pem');
  if (!fs.existsSync(keyFile)) {
    fs.mkdirSync(keyDir, { recursive: true, mode: 0o700 });
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
    fs.writeFileSync(keyFile, pem, { mode: 0o600, flag: 'wx' });
    console.log(`Audit checkpoint key created: ${keyFile} (set VIGIL_AUDIT_KEY_FILE to use another)`);
  }
  env.VIGIL_AUDIT_KEY_FILE = keyFile;
}
run(process.execPath, serverArgs, { env });

#!/usr/bin/env node
// `npm start`: install dependencies when missing, build the web app and the API bundle when missing
// or older than their sources (scripts/prepare-server.mjs), then run the server (API + web on one
// port, default 8080).
import { prepareServer, run } from './prepare-server.mjs';

const serverArgs = await prepareServer();
// Links in e-mails are built only from VIGIL_PUBLIC_URL, never from a request's Host header
// (docs/security.md "Links in e-mails"). Unset, it is the address this server listens on, so the
// demo's e-mails work on this machine; a deployment sets it to the address its users open.
const env = { ...process.env };
if (!env.VIGIL_PUBLIC_URL) {
  env.VIGIL_PUBLIC_URL = `http://localhost:${env.PORT || 8080}`;
  console.log(`Links in e-mails: ${env.VIGIL_PUBLIC_URL} (set VIGIL_PUBLIC_URL to change it)`);
}
run(process.execPath, serverArgs, { env });

import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const port = Number(process.env.E2E_PORT ?? 8181);
// A fresh embedded database for every run: the journeys start from the demo data.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-e2e-'));
// The audit checkpoints' key (docs/audit.md "Checkpoints"), outside the database, as `npm start` makes one.
const auditKeyFile = path.join(dataDir, 'audit-checkpoint-ed25519.pem');
if (!fs.existsSync(auditKeyFile)) { fs.writeFileSync(auditKeyFile, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 }); }

export const baseURL = `http://127.0.0.1:${port}`;
/** The same server at `localhost`: the origin passkeys are registered at (VIGIL_WEBAUTHN_ORIGIN). */
export const passkeyOrigin = `http://localhost:${port}`;
/** The integrations journey's Terra and ECP stand-ins (packages/api/test/stand-ins), started by the journey on these ports. */
export const terraStandInPort = port + 1000;
export const ecpStandInPort = port + 1001;
export const E2E_TERRA = { devId: 'e2e-terra-dev', apiKey: 'e2e-terra-key', signingSecret: 'e2e-terra-signing-secret' };
export const E2E_ECP = { apiKey: 'e2e-ecp-key', webhookSecret: 'e2e-ecp-webhook-secret' };

export default defineConfig({
  testDir: path.join(here, 'tests'),
  outputDir: path.join(here, 'test-results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'es-ES',
    viewport: { width: 1366, height: 900 },
    launchOptions: {
      executablePath: process.env.VIGIL_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The video-call journey: a fake camera and microphone, allowed without a prompt.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The bundled server `npm start` runs (built by `npm run build`, which `npm test` runs first),
    // with the flags of scripts/build-api.mjs's serverNodeFlags.
    command: `node --enable-source-maps --max-old-space-size=512 packages/api/dist/server.mjs`,
    cwd: root,
    url: `${baseURL}/api/country`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      VIGIL_DATA_DIR: dataDir,
      VIGIL_AUDIT_KEY_FILE: auditKeyFile,
      VIGIL_SEED_DEMO: 'true',
      // Share links are answered as absolute URLs on this origin, so a journey can open them as given.
      VIGIL_PUBLIC_URL: baseURL,
      // Passkeys: Chromium refuses an IP address as the WebAuthn relying party, so the passkey
      // journey uses the portal at localhost (passkeyOrigin).
      VIGIL_WEBAUTHN_ORIGIN: passkeyOrigin,
      LOG_LEVEL: 'warn',
      // Job workers take one job per poll (batch size 1, docs/jobs.md); after a job they wait the
      // poll interval unless another enqueue wakes them. The integrations journey sends one job per
      // reviewed reading (a few dozen): at the default 2 s that alone took over a minute. The
      // shortest interval the API accepts makes the same jobs run sooner; what they do is unchanged.
      VIGIL_JOBS_POLL_SECONDS: '0.5',
      VIGIL_TERRA_API_URL: `http://127.0.0.1:${terraStandInPort}/v2`,
      VIGIL_TERRA_DEV_ID: E2E_TERRA.devId,
      VIGIL_TERRA_API_KEY: E2E_TERRA.apiKey,
      VIGIL_TERRA_SIGNING_SECRET: E2E_TERRA.signingSecret,
      VIGIL_ECP_API_URL: `http://127.0.0.1:${ecpStandInPort}`,
      VIGIL_ECP_API_KEY: E2E_ECP.apiKey,
      VIGIL_ECP_WEBHOOK_SECRET: E2E_ECP.webhookSecret,
      // TURN for the video-call journey (.ci/run starts coturn and exports these; docs/video-visits.md):
      // relay-only ICE so that the journey proves the media crosses coturn.
      VIGIL_TURN_URLS: process.env.VIGIL_TURN_URLS ?? '',
      VIGIL_TURN_SECRET: process.env.VIGIL_TURN_SECRET ?? '',
      VIGIL_ICE_TRANSPORT_POLICY: process.env.VIGIL_ICE_TRANSPORT_POLICY ?? 'relay',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  },
});

/**
 * The reference cluster (docs/operations.md "Cluster"): N API processes on one PostgreSQL and one
 * Redis, behind HAProxy from Debian's packages, on the port `npm start` uses.
 *
 *   npm run start:cluster          (scripts/start-cluster.mjs builds what is missing, then runs this)
 *
 * Environment: DATABASE_URL and REDIS_URL (required: processes share the database, the job queue
 * and the notifications' fan-out), VIGIL_PROCESSES (default 2), PORT (HAProxy's, default 8080),
 * HOST (HAProxy's bind address, default 0.0.0.0), VIGIL_CLUSTER_FIRST_PORT (the first API process's
 * port on 127.0.0.1, default PORT + 1), VIGIL_HAPROXY (the haproxy binary, default from PATH or
 * /usr/sbin). Everything else is passed to the API processes as it is.
 *
 * Why these choices: no sticky sessions (every process hands notifications to its own sockets
 * from Redis), jobs once (pg-boss in the shared database), session caches coherent through Redis
 * (`scopesChanged`). The first process starts alone (it applies the migrations and imports the
 * demo data), the others once it is ready.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../config/index';

/** The API processes' health check, HAProxy's too (plugins/operations.ts). */
const READY_PATH = '/readyz';

/** One API process of the cluster. */
export interface ClusterApi {
  name: string;
  port: number;
  pid(): number | undefined;
  /** Kills the process (SIGKILL by default); resolves once it has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A running cluster: HAProxy on `port`, the API processes behind it. */
export interface Cluster {
  port: number;
  apis: ClusterApi[];
  /** The generated HAProxy configuration file. */
  configFile: string;
  /** Stops HAProxy, then every API process (SIGTERM: jobs in progress finish), and waits for them. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  processes: number;
  /** HAProxy's port and bind address. */
  port: number;
  host: string;
  /** The API processes listen on 127.0.0.1 from this port up. */
  firstInternalPort: number;
  /** Node arguments that run one API server (the bundled server.mjs with its flags, or tsx and server.ts). */
  serverArgs: string[];
  /** The environment of the API processes (DATABASE_URL and REDIS_URL at least). */
  env: NodeJS.ProcessEnv;
  /** Where the generated haproxy.cfg is written. */
  workDir: string;
  /** Restart an API process that exits on its own (default true; the cluster test turns it off). */
  restart?: boolean;
  /** The haproxy binary. */
  haproxy: string;
  /** How long one API process may take to become ready, ms (default 120 s). */
  startTimeoutMs?: number;
  /** Where the API processes' and HAProxy's output goes (default: this process's). */
  stdio?: 'inherit' | 'ignore';
  log?: (line: string) => void;
}

/** The haproxy binary: VIGIL_HAPROXY, else `haproxy` on PATH or in /usr/sbin, /usr/local/sbin; undefined when none. */
export function findHaproxy(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.VIGIL_HAPROXY) { return fs.existsSync(env.VIGIL_HAPROXY) ? env.VIGIL_HAPROXY : undefined; }
  const dirs = [...(env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'].filter(Boolean);
  return dirs.map((d) => path.join(d, 'haproxy')).find((p) => fs.existsSync(p));
}

/**
 * Why the cluster cannot start with `env`, or null: it needs DATABASE_URL (PostgreSQL: the embedded
 * PGlite is one process's), REDIS_URL (the fan-out between processes) and haproxy.
 */
export function clusterRefusal(env: NodeJS.ProcessEnv): string | null {
  const missing: string[] = [];
  if (!env.DATABASE_URL) { missing.push('DATABASE_URL (a PostgreSQL database: the embedded database serves one process only)'); }
  if (!env.REDIS_URL) { missing.push('REDIS_URL (Redis carries notifications between the processes)'); }
  if (!findHaproxy(env)) { missing.push('haproxy (install it from Debian: apt-get install -y haproxy; or set VIGIL_HAPROXY)'); }
  return missing.length === 0 ? null : `The cluster needs:\n  - ${missing.join('\n  - ')}`;
}

/** deploy/haproxy.cfg.template with the bind address, port and one `server` line per API process filled in. */
export function renderHaproxyConfig(template: string, opts: { host: string; port: number; servers: Array<{ name: string; port: number }> }): string {
  const servers = opts.servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port}`).join('\n');
  const bind = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return template.replaceAll('{{BIND}}', bind).replaceAll('{{PORT}}', String(opts.port)).replaceAll('{{SERVERS}}', servers);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `http://127.0.0.1:<port>/readyz` answers 200; rejects after `timeoutMs` or when `exited()` says the process is gone. */
async function waitReady(port: number, timeoutMs: number, exited: () => boolean, lastOutput: () => string = () => ''): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (exited()) {
      const tail = lastOutput().trim();
      throw new Error(`the API process on port ${port} exited while starting${tail ? `: ${tail}` : ''}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}${READY_PATH}`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) { return; }
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the API process on port ${port} was not ready within ${Math.round(timeoutMs / 1000)} s`);
}

const exitOf = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve())));

/**
 * Starts the cluster: the API processes (the first alone, then the others together), each ready on
 * /readyz, then HAProxy with the generated configuration (checked with `haproxy -c` first).
 * Throws when a process does not become ready or HAProxy refuses its configuration; whatever was
 * started is stopped again.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const log = opts.log ?? ((line: string) => process.stdout.write(line + '\n'));
  const stdio = opts.stdio ?? 'inherit';
  const restart = opts.restart ?? true;
  const startTimeoutMs = opts.startTimeoutMs ?? 120_000;
  let stopping = false;

  const apis = Array.from({ length: opts.processes }, (_, i) => {
    const name = `api${i + 1}`;
    const port = opts.firstInternalPort + i;
    let child: ChildProcess | null = null;
    const env: NodeJS.ProcessEnv = {
      ...opts.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Behind HAProxy, which sets one X-Forwarded-For (deploy/haproxy.cfg.template).
      VIGIL_TRUST_PROXY: 'true',
      VIGIL_PUBLIC_URL: opts.env.VIGIL_PUBLIC_URL ?? `http://localhost:${opts.port}`,
    };
    const start = async () => {
      // With output ignored, the last 2 kB of the process's stderr are still kept, to say why it stopped.
      const c = spawn(process.execPath, opts.serverArgs, { cwd: repoRoot, env, stdio: stdio === 'ignore' ? ['ignore', 'ignore', 'pipe'] : stdio });
      let stderrTail = '';
      c.stderr?.on('data', (chunk: Buffer) => { stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2048); });
      child = c;
      c.once('exit', (code, signal) => {
        if (stopping || child !== c) { return; }
        log(`cluster: ${name} (pid ${c.pid}) exited (${signal ?? code})${restart ? '; restarting it in 1 s' : ''}`);
        if (restart) {
          setTimeout(() => {
            if (!stopping) { void start().catch((err: unknown) => log(`cluster: ${name} did not restart: ${(err as Error).message}`)); }
          }, 1000);
        }
      });
      await waitReady(port, startTimeoutMs, () => c.exitCode !== null || c.signalCode !== null, () => stderrTail);
    };
    const api: ClusterApi & { start: () => Promise<void>; child: () => ChildProcess | null } = {
      name,
      port,
      pid: () => child?.pid,
      child: () => child,
      start,
      kill: async (signal = 'SIGKILL') => {
        const c = child;
        if (!c) { return; }
        const exited = exitOf(c);
        c.kill(signal);
        await exited;
      },
    };
    return api;
  });

  let haproxy: ChildProcess | null = null;
  const stop = async () => {
    stopping = true;
    if (haproxy) {
      const h = haproxy;
      const exited = exitOf(h);
      h.kill('SIGTERM');
      await exited;
    }
    await Promise.all(
      apis.map(async (api) => {
        const c = api.child();
        if (!c || c.exitCode !== null || c.signalCode !== null) { return; }
        const exited = exitOf(c);
        c.kill('SIGTERM');
        // A process that does not stop within its job stop time and some margin is killed.
        const timer = setTimeout(() => c.kill('SIGKILL'), 45_000);
        await exited;
        clearTimeout(timer);
      }),
    );
  };

  try {
    await apis[0]!.start();
    log(`cluster: ${apis[0]!.name} ready on 127.0.0.1:${apis[0]!.port}`);
    await Promise.all(apis.slice(1).map((api) => api.start().then(() => log(`cluster: ${api.name} ready on 127.0.0.1:${api.port}`))));

    fs.mkdirSync(opts.workDir, { recursive: true });
    const configFile = path.join(opts.workDir, 'haproxy.cfg');
    const template = fs.readFileSync(path.join(repoRoot, 'deploy/haproxy.cfg.template'), 'utf8');
    fs.writeFileSync(configFile, renderHaproxyConfig(template, { host: opts.host, port: opts.port, servers: apis.map((a) => ({ name: a.name, port: a.port })) }));
    const check = spawnSync(opts.haproxy, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
    if (check.status !== 0) { throw new Error(`haproxy refused ${configFile}:\n${check.stdout}${check.stderr}`); }
    // -db: in the foreground, as this process's child (it ends with it).
    const h = spawn(opts.haproxy, ['-db', '-f', configFile], { stdio });
    haproxy = h;
    h.once('exit', (code, signal) => {
      if (!stopping) { log(`cluster: haproxy exited (${signal ?? code})`); }
    });
    // HAProxy is up once its port answers (any HTTP answer).
    const until = Date.now() + 10_000;
    for (;;) {
      if (h.exitCode !== null) { throw new Error(`haproxy exited at start (code ${h.exitCode})`); }
      const up = await fetch(`http://127.0.0.1:${opts.port}${READY_PATH}`, { signal: AbortSignal.timeout(1000) }).then(() => true, () => false);
      if (up) { break; }
      if (Date.now() > until) { throw new Error(`haproxy did not answer on port ${opts.port} within 10 s`); }
      await sleep(100);
    }
    return { port: opts.port, apis, configFile, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** `npm run start:cluster`: the cluster from the environment; the node arguments of one API server follow `--`. */
async function main() {
  const env = process.env;
  const refusal = clusterRefusal(env);
  if (refusal) {
    process.stderr.write(`${refusal}\nSee docs/operations.md "Cluster".\n`);
    process.exit(1);
  }
  const processes = Number(env.VIGIL_PROCESSES ?? 2);
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(processes) || processes < 1 || processes > 64) {
    process.stderr.write(`VIGIL_PROCESSES must be a whole number from 1 to 64 (got "${env.VIGIL_PROCESSES}")\n`);
    process.exit(1);
  }
  const firstInternalPort = Number(env.VIGIL_CLUSTER_FIRST_PORT ?? port + 1);
  const dashes = process.argv.indexOf('--');
  const serverArgs = dashes >= 0 ? process.argv.slice(dashes + 1) : [path.join(repoRoot, 'packages/api/dist/server.mjs')];
  const dataDir = env.VIGIL_DATA_DIR ?? path.join(repoRoot, 'data');
  const cluster = await startCluster({
    processes,
    port,
    host: env.HOST ?? '0.0.0.0',
    firstInternalPort,
    serverArgs,
    env,
    workDir: path.join(dataDir, 'cluster'),
    haproxy: findHaproxy(env)!,
  });
  process.stdout.write(
    [
      '',
      `Vigil cluster: HAProxy on http://localhost:${port} in front of ${processes} API processes (127.0.0.1:${firstInternalPort}-${firstInternalPort + processes - 1})`,
      `HAProxy configuration: ${cluster.configFile}`,
      `Metrics per process: http://127.0.0.1:<process port>/metrics (docs/operations.md "Metrics")`,
      '',
    ].join('\n') + '\n',
  );
  let stopped = false;
  const stop = async () => {
    if (stopped) { return; }
    stopped = true;
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`The cluster could not start: ${(err as Error).message}\n`);
    process.exit(1);
  });
}

/**
 * The benchmarks' handle on their API child process (bench/api-child.ts): builds the child as the
 * production server is built (one bundled file, scripts/build-api.mjs), forks it with the
 * production server's Node flags plus --expose-gc, and talks to it over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../packages/api/src/config/index';

/** The API process's database pool: openDatabase's default, as the server runs. */
export const API_POOL_SIZE = 20;

export interface MemorySample {
  rss: number;
  heapUsed: number;
  /** process.cpuUsage() user + system, microseconds */
  cpuMicros: number;
}
export type ChildRequest = { id: number; kind: 'memory' | 'gc' } | { id: number; kind: 'issueHubCredentials'; hubIds: number[] } | { id: number; kind: 'stop' };
type Answer = { id: number; memory?: MemorySample; tokens?: string[] };
export type ChildReply = Answer | { kind: 'listening'; port: number };

interface BuildApiModule {
  buildApi(entry?: string, outfile?: string): Promise<void>;
  serverNodeFlags: string[];
}

export class ApiProcess {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (r: Answer) => void; reject: (e: Error) => void }>();
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.on('message', (m: ChildReply) => {
      if ('id' in m) {
        this.pending.get(m.id)?.resolve(m);
        this.pending.delete(m.id);
      }
    });
    child.on('exit', (code) => {
      for (const p of this.pending.values()) { p.reject(new Error(`API process exited with ${code}`)); }
      this.pending.clear();
    });
  }

  /**
   * Bundles and starts the API on `databaseUrl`. BENCH_CPU_PROF=<dir>: the API process writes a V8
   * CPU profile there when it stops; BENCH_API_FLAGS adds Node flags to it.
   */
  static async start(databaseUrl: string): Promise<ApiProcess> {
    const builder = (await import(path.join(repoRoot, 'scripts/build-api.mjs'))) as BuildApiModule;
    const outfile = 'packages/api/dist/bench-api-child.mjs';
    await builder.buildApi('bench/api-child.ts', outfile);
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    // BENCH_API_FLAGS: extra Node flags for the API process (experiments, e.g. "--max-semi-space-size=32").
    const extra = (process.env.BENCH_API_FLAGS ?? '').split(' ').filter(Boolean);
    const child = fork(path.join(repoRoot, outfile), [databaseUrl], { execArgv: [...builder.serverNodeFlags, '--expose-gc', ...profile, ...extra], stdio: 'inherit' });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`API process exited with ${code}`)));
      child.on('message', (m: ChildReply) => {
        if ('kind' in m && m.kind === 'listening') { resolve(new ApiProcess(child, m.port)); }
      });
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  private ask(req: { kind: 'memory' | 'gc' } | { kind: 'issueHubCredentials'; hubIds: number[] } | { kind: 'stop' }): Promise<Answer> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ ...req, id } as ChildRequest);
    });
  }

  async memory(): Promise<MemorySample> {
    return (await this.ask({ kind: 'memory' })).memory!;
  }

  /** Memory after a full garbage collection: what the process holds, not what it has not collected yet. */
  async memoryAfterGc(): Promise<MemorySample> {
    return (await this.ask({ kind: 'gc' })).memory!;
  }

  async issueHubCredentials(hubIds: number[]): Promise<string[]> {
    return (await this.ask({ kind: 'issueHubCredentials', hubIds })).tokens!;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) { return; }
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.ask({ kind: 'stop' });
    await exited;
  }
}

import { useSyncExternalStore } from 'react';

/**
 * File transfer jobs (portal-spec.md section 3 "File transfer job: id, patientId, fileName,
 * percentage, status (downloading, uploading, completed, failed), direction (download or upload),
 * totalSize, completedSize"; section 4 "File job. It moves from downloading or uploading to
 * completed or failed. A transfer error marks it failed"). Kept in the browser for the session:
 * the tray shows them, the CCM file controls start and move them.
 */
export type TransferStatus = 'downloading' | 'uploading' | 'completed' | 'failed';
export type TransferDirection = 'download' | 'upload';

export interface TransferJob {
  id: number;
  patientId: number;
  fileName: string;
  /** 0-100, whole. */
  percentage: number;
  status: TransferStatus;
  direction: TransferDirection;
  /** Bytes; 0 while not known. */
  totalSize: number;
  completedSize: number;
  /** Why it failed, in the user's language (a failed job only). */
  error?: string;
}

/** The percentage of `completed` of `total` bytes, whole, 0-100 (0 while the total is not known). */
export function percentOf(completed: number, total: number): number {
  if (total <= 0) { return 0; }
  return Math.max(0, Math.min(100, Math.floor((completed / total) * 100)));
}

/** A new job, moving: uploading or downloading by its direction. */
export function newJob(id: number, patientId: number, fileName: string, direction: TransferDirection, totalSize = 0): TransferJob {
  return { id, patientId, fileName, direction, status: direction === 'upload' ? 'uploading' : 'downloading', percentage: 0, totalSize, completedSize: 0 };
}

/** The job after `completed` of `total` bytes moved; a finished job does not move back. */
export function progressed(job: TransferJob, completed: number, total: number): TransferJob {
  if (job.status === 'completed' || job.status === 'failed') { return job; }
  const totalSize = total > 0 ? total : job.totalSize;
  return { ...job, completedSize: completed, totalSize, percentage: percentOf(completed, totalSize) };
}

/** The job completed: every byte moved, 100 %. */
export function completed(job: TransferJob): TransferJob {
  if (job.status === 'failed') { return job; }
  const size = Math.max(job.totalSize, job.completedSize);
  return { ...job, status: 'completed', totalSize: size, completedSize: size, percentage: 100 };
}

/** The job failed (a transfer error), with the reason; a completed job stays completed. */
export function failed(job: TransferJob, error: string): TransferJob {
  if (job.status === 'completed') { return job; }
  return { ...job, status: 'failed', error };
}

// The session's jobs, newest first, for the tray (React useSyncExternalStore).
let jobs: readonly TransferJob[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function update(id: number, change: (job: TransferJob) => TransferJob): void {
  jobs = jobs.map((j) => (j.id === id ? change(j) : j));
  emit();
}

/** The store's actions for one job: start it, then move it to completed or failed. */
export const transferJobs = {
  start(patientId: number, fileName: string, direction: TransferDirection, totalSize = 0): number {
    const id = nextId++;
    jobs = [newJob(id, patientId, fileName, direction, totalSize), ...jobs];
    emit();
    return id;
  },
  progress: (id: number, done: number, total: number) => update(id, (j) => progressed(j, done, total)),
  complete: (id: number) => update(id, completed),
  fail: (id: number, error: string) => update(id, (j) => failed(j, error)),
  /** Removes a finished job from the tray. */
  dismiss(id: number): void {
    jobs = jobs.filter((j) => j.id !== id);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: (): readonly TransferJob[] => jobs,
};

/** The session's transfer jobs, newest first. */
export function useTransferJobs(): readonly TransferJob[] {
  return useSyncExternalStore(transferJobs.subscribe, transferJobs.snapshot);
}

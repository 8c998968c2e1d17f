import { describe, expect, it } from 'vitest';
import { completed, failed, newJob, percentOf, progressed, transferJobs } from './transfer-jobs';

describe('file transfer jobs (spec sections 3 and 4)', () => {
  it('an upload starts uploading and a download downloading, at 0 %', () => {
    expect(newJob(1, 7, 'a.pdf', 'upload')).toMatchObject({ status: 'uploading', direction: 'upload', percentage: 0, completedSize: 0, patientId: 7, fileName: 'a.pdf' });
    expect(newJob(2, 7, 'b.png', 'download', 900)).toMatchObject({ status: 'downloading', direction: 'download', totalSize: 900 });
  });

  it('moves by bytes: the percentage is whole and never past 100; an unknown total reads 0 %', () => {
    const job = newJob(1, 7, 'a.pdf', 'upload');
    expect(progressed(job, 512, 2048)).toMatchObject({ completedSize: 512, totalSize: 2048, percentage: 25 });
    expect(progressed(job, 2047, 2048).percentage).toBe(99);
    expect(percentOf(10, 0)).toBe(0);
    expect(percentOf(30, 20)).toBe(100);
  });

  it('moves from uploading to completed at 100 %, and from downloading to failed with the reason', () => {
    const up = completed(progressed(newJob(1, 7, 'a.pdf', 'upload'), 100, 400));
    expect(up).toMatchObject({ status: 'completed', percentage: 100, completedSize: 400, totalSize: 400 });
    const down = failed(progressed(newJob(2, 7, 'b.png', 'download'), 10, 100), 'The file type is not accepted');
    expect(down).toMatchObject({ status: 'failed', error: 'The file type is not accepted', percentage: 10 });
  });

  it('a finished job stays finished: no progress after it, a completed job never fails, a failed one never completes', () => {
    const done = completed(newJob(1, 7, 'a.pdf', 'upload', 10));
    expect(progressed(done, 1, 10)).toBe(done);
    expect(failed(done, 'late error')).toBe(done);
    const broken = failed(newJob(2, 7, 'a.pdf', 'upload'), 'Network');
    expect(completed(broken)).toBe(broken);
  });

  it('the store lists jobs newest first and tells its listeners', () => {
    let told = 0;
    const stop = transferJobs.subscribe(() => told++);
    const first = transferJobs.start(7, 'one.pdf', 'upload');
    const second = transferJobs.start(7, 'two.pdf', 'download');
    transferJobs.progress(first, 5, 10);
    transferJobs.fail(second, 'Not found');
    expect(transferJobs.snapshot().map((j) => [j.fileName, j.status, j.percentage])).toEqual([
      ['two.pdf', 'failed', 0],
      ['one.pdf', 'uploading', 50],
    ]);
    transferJobs.dismiss(second);
    expect(transferJobs.snapshot().map((j) => j.id)).toEqual([first]);
    expect(told).toBe(5);
    stop();
  });
});

describe('formatBytes', () => {
  it('reads bytes, kilobytes and megabytes', async () => {
    const { formatBytes } = await import('./format-bytes');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
  });
});

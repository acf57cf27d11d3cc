import { describe, expect, it } from 'vitest';
import {
  FAILED_JOB_STATUSES,
  FINAL_JOB_STATUSES,
  isFailedJobStatus,
  isFinalJobStatus,
  JobStatus,
} from './job-status';

describe('JobStatus', () => {
  it('has the six statuses of the platform', () => {
    expect(Object.values(JobStatus).sort()).toEqual([
      'cancelled',
      'failed',
      'incomplete',
      'pending',
      'running',
      'succeeded',
    ]);
    expect(JobStatus.SUCCEEDED).toBe('succeeded');
  });

  it('treats succeeded, failed and cancelled as final, and anything else as not final', () => {
    expect([...FINAL_JOB_STATUSES].sort()).toEqual(['cancelled', 'failed', 'succeeded']);
    for (const status of ['pending', 'running', 'incomplete', 'queued', 'paused', 'SUCCEEDED', '']) {
      expect(isFinalJobStatus(status), status).toBe(false);
    }
    expect(isFinalJobStatus('succeeded')).toBe(true);
  });

  it('treats failed and cancelled as failures', () => {
    expect([...FAILED_JOB_STATUSES].sort()).toEqual(['cancelled', 'failed']);
    expect(isFailedJobStatus('cancelled')).toBe(true);
    expect(isFailedJobStatus('succeeded')).toBe(false);
    expect(isFailedJobStatus('incomplete')).toBe(false);
  });
});

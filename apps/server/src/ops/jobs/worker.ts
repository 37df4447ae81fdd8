import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { claimNext, complete, enqueue, fail, onEnqueue, release, type Job } from './queue.js';

export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
  job: Job;
  /** True once the worker was told to stop: a long job saves where it stands and throws `JobHandedBack`. */
  stopping(): boolean;
}

/** Thrown by a handler that stops part-way because its worker stops: the job is queued again, uncounted. */
export class JobHandedBack extends Error {
  constructor() {
    super('handed back: the worker is stopping');
  }
}

/** A handler's return value is kept as the job's result (decision 135). */
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<unknown>;

export type JobOutcome = 'done' | 'retry' | 'failed' | 'handed-back';

/** A task every `everyMs`, run once per period by whichever worker of the fleet inserts its slot first. */
export interface PeriodicTask {
  name: string;
  everyMs: number;
  kind: string;
  payload?: unknown;
}

export interface WorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  handlers: Record<string, JobHandler>;
  periodic?: PeriodicTask[];
  /** Idle loops look for due jobs this often (a job enqueued in this process wakes them at once). */
  pollMs?: number;
  /** A running job's lease; it is extended while the job runs, and a dead worker's job is retaken after it. */
  leaseMs?: number;
  /** First retry delay; doubled per attempt up to an hour. */
  retryBaseMs?: number;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** Metrics hooks. */
  onFinished?: (kind: string, outcome: JobOutcome, seconds: number) => void;
}

export interface Worker {
  readonly id: string;
  start(): void;
  /** Stops taking jobs and waits for the ones running to finish (SIGTERM). */
  stop(): Promise<void>;
  /** Runs due jobs until none is left or running (tests read the mail outbox after this). */
  drain(): Promise<void>;
  /** Jobs running now in this worker. */
  running(): number;
}

export function createWorker(options: WorkerOptions): Worker {
  const { db, log, handlers } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 5 * 60 * 1000;
  const retryBaseMs = options.retryBaseMs ?? 30 * 1000;
  const concurrency = options.concurrency ?? 2;
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const kinds = Object.keys(handlers);
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let started = false;
  let loops: Promise<void>[] = [];
  const sleepers = new Set<() => void>();
  const wake = () => [...sleepers].forEach((s) => s());
  let periodicTimer: NodeJS.Timeout | undefined;
  let unsubscribe = () => {};

  // Claims under way: a job claimed in the database is not yet in `inFlight`, and drain() must wait for it.
  let claiming = 0;

  async function runOne(): Promise<boolean> {
    let job: Job | null = null;
    claiming += 1;
    try {
      job = await claimNext(db, id, leaseMs, kinds);
    } finally {
      claiming -= 1;
    }
    if (!job) return false;
    log.debug({ job: job.id, kind: job.kind }, 'job taken');
    const run = execute(job);
    inFlight.add(run);
    try {
      await run;
    } finally {
      inFlight.delete(run);
    }
    return true;
  }

  async function execute(job: Job): Promise<void> {
    const handler = handlers[job.kind]!;
    const started = performance.now();
    // The lease is renewed while the job runs, so only a dead worker's job is taken over.
    const renew = setInterval(() => {
      void db
        .updateTable('jobs')
        .set({ locked_until: new Date(Date.now() + leaseMs) })
        .where('id', '=', job.id)
        .where('locked_by', '=', id)
        .execute()
        .catch(() => {});
    }, leaseMs / 3);
    renew.unref();
    try {
      const result = await handler(job.payload, {
        db,
        log: log.child({ job: job.id, kind: job.kind }),
        job,
        stopping: () => stopping,
      });
      clearInterval(renew);
      await complete(db, job, id, result);
      options.onFinished?.(job.kind, 'done', (performance.now() - started) / 1000);
    } catch (err) {
      clearInterval(renew);
      if (err instanceof JobHandedBack) {
        await release(db, job, id).catch(() => {});
        log.info({ job: job.id, kind: job.kind }, 'job handed back to the queue: the worker stops');
        options.onFinished?.(job.kind, 'handed-back', (performance.now() - started) / 1000);
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      const status = await fail(db, job, id, message, retryBaseMs).catch(() => 'queued' as const);
      log.warn(
        { job: job.id, kind: job.kind, attempt: job.attempts, err: message },
        `job ${status === 'failed' ? 'failed for good' : 'failed; retried later'}`,
      );
      options.onFinished?.(job.kind, status === 'failed' ? 'failed' : 'retry', (performance.now() - started) / 1000);
    }
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let worked = false;
      try {
        worked = await runOne();
      } catch (err) {
        // The database is away: wait and look again; jobs stay in the table.
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'job queue unavailable');
      }
      if (worked || stopping) continue;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          sleepers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, pollMs);
        sleepers.add(done);
      });
    }
  }

  async function schedulePeriodic(): Promise<void> {
    const now = Date.now();
    for (const task of options.periodic ?? []) {
      // The next slot's row: inserted once for the fleet (unique key), due at the slot's start.
      const slot = Math.floor(now / task.everyMs) + 1;
      try {
        await enqueue(db, task.kind, task.payload ?? {}, {
          key: `periodic:${task.name}:${slot}`,
          runAt: new Date(slot * task.everyMs),
          maxAttempts: 3,
        });
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'periodic task not scheduled');
      }
    }
  }

  return {
    id,
    start() {
      if (started) return;
      started = true;
      unsubscribe = onEnqueue(() => wake());
      loops = Array.from({ length: concurrency }, () => loop());
      if (options.periodic?.length) {
        void schedulePeriodic();
        periodicTimer = setInterval(() => void schedulePeriodic(), 60 * 1000);
        periodicTimer.unref();
      }
    },
    async stop() {
      stopping = true;
      unsubscribe();
      if (periodicTimer) clearInterval(periodicTimer);
      wake();
      await Promise.all(loops);
      await Promise.all(inFlight);
    },
    async drain() {
      for (;;) {
        while (!stopping && (await runOne())) {
          /* next */
        }
        if (inFlight.size === 0 && claiming === 0) break;
        if (inFlight.size > 0) await Promise.all(inFlight);
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    running: () => inFlight.size,
  };
}

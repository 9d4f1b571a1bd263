import type { Job } from './job.entity.js';

/**
 * The payload of each job type, by type name. A module that owns a job type adds its entry where it
 * defines the payload (`declare module '../jobs/job-payloads.js' { interface JobPayloadMap { mail: MailJob } }`),
 * so what is enqueued and what the handler reads are one type. Types without an entry carry a plain
 * JSON object.
 */
export interface JobPayloadMap {}

/** The payload of job type `T`: its entry in {@link JobPayloadMap}, a plain JSON object otherwise. */
export type JobPayloadOf<T extends string> = T extends keyof JobPayloadMap
  ? JobPayloadMap[T]
  : Record<string, unknown>;

/** A claimed job whose payload has the type of its job type. */
export type JobOf<T extends string> = Omit<Job, 'type' | 'payload'> & { type: T; payload: JobPayloadOf<T> };

/** One job to write: its type, its payload (typed by the type when the map knows it) and options. */
export type JobRequest<O> =
  | { [K in keyof JobPayloadMap]: { type: K; payload: JobPayloadMap[K]; options?: O } }[keyof JobPayloadMap]
  | { type: string; payload: Record<string, unknown>; options?: O };

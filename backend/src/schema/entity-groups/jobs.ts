import { Job } from '../../jobs/job.entity.js';

/** Entities of the jobs group (see ../entities.ts): the durable job queue. */
export const JOBS_ENTITIES: Function[] = [Job];

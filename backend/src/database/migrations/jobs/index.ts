import { Jobs1795425419226 } from './1795425419226-jobs.js';
export const MIGRATIONS: Function[] = [Jobs1795425419226];

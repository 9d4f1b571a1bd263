/** Every migration, oldest first: the schema's history. */
import { Foundation1795260883721 } from './1795260883721-foundation.js';
export const MIGRATIONS: Function[] = [Foundation1795260883721];

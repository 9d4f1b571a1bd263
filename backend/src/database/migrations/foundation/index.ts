import { Foundation1795260883721 } from './1795260883721-foundation.js';
export const MIGRATIONS: Function[] = [Foundation1795260883721];

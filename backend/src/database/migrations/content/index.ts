import { Content1795262122510 } from './1795262122510-content.js';
export const MIGRATIONS: Function[] = [Content1795262122510];

import { Catalog1795261944502 } from './1795261944502-catalog.js';
export const MIGRATIONS: Function[] = [Catalog1795261944502];

import { Catalog1795261852872 } from './1795261852872-catalog.js';
export const MIGRATIONS: Function[] = [Catalog1795261852872];

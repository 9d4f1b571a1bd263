import { Orders1795425430527 } from './1795425430527-orders.js';
export const MIGRATIONS: Function[] = [Orders1795425430527];

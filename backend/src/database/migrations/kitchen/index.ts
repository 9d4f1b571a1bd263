import { KitchenDisplay1795910000000 } from './1795910000000-kitchen-display.js';

export const MIGRATIONS: Function[] = [KitchenDisplay1795910000000];

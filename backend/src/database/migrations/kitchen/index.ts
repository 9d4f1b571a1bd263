import { KitchenDisplay1795910000000 } from './1795910000000-kitchen-display.js';
import { KitchenTicketRecalled1795980000000 } from './1795980000000-kitchen-ticket-recalled.js';

export const MIGRATIONS: Function[] = [KitchenDisplay1795910000000, KitchenTicketRecalled1795980000000];

import { Payments1795427037118 } from './1795427037118-payments.js';
export const MIGRATIONS: Function[] = [Payments1795427037118];

import { Payments1795427037118 } from './1795427037118-payments.js';
import { PaymentTerminal1795980000001 } from './1795980000001-payment-terminal.js';
export const MIGRATIONS: Function[] = [Payments1795427037118, PaymentTerminal1795980000001];

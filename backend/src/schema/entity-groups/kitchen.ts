import { KitchenSettingsRow, KitchenTicketState } from '../../kitchen/kitchen-ticket.entity.js';
import { PreparationStation } from '../../kitchen/preparation-station.entity.js';

/**
 * Entities of the kitchen group (see ../entities.ts): stations, ticket states and settings of the kitchen
 * display. It sits above catalog and orders (its rows point at categories, products and orders).
 */
export const KITCHEN_ENTITIES: Function[] = [PreparationStation, KitchenTicketState, KitchenSettingsRow];

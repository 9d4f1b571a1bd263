/** Entities of the operations group (see ../entities.ts). */
export const OPERATIONS_ENTITIES: Function[] = [];

/** Entities of the catalog group (see ../entities.ts). */
export const CATALOG_ENTITIES: Function[] = [];

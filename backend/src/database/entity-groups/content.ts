/** Entities of the content group (see ../entities.ts). */
export const CONTENT_ENTITIES: Function[] = [];

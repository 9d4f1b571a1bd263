/** Entities of the auth group (see ../entities.ts). */
export const AUTH_ENTITIES: Function[] = [];

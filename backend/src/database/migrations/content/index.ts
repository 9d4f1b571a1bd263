export const MIGRATIONS: Function[] = [];

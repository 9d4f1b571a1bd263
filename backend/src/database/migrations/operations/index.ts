import { Operations1795261985807 } from './1795261985807-operations.js';
export const MIGRATIONS: Function[] = [Operations1795261985807];

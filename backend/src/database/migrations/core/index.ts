import { UsersAuditVersions1795261349485 } from './1795261349485-users-audit-versions.js';
export const MIGRATIONS: Function[] = [UsersAuditVersions1795261349485];

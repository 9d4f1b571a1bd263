import { UsersAuditVersions1795261349485 } from './1795261349485-users-audit-versions.js';
import { MediaTagsBranchRelations1795261490030 } from './1795261490030-media-tags-branch-relations.js';
import { UploadOwnership1795697784333 } from './1795697784333-upload-ownership.js';
import { UploadDuration1795970000001 } from './1795970000001-upload-duration.js';
export const MIGRATIONS: Function[] = [
  UsersAuditVersions1795261349485,
  MediaTagsBranchRelations1795261490030,
  UploadOwnership1795697784333,
  UploadDuration1795970000001,
];

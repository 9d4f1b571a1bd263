import { Module } from '@nestjs/common';
import { BackupService } from './backup.service.js';

/** The daily backup of a running server (BACKUP_DIR, BACKUP_KEEP_DAYS). */
@Module({ providers: [BackupService], exports: [BackupService] })
export class BackupModule {}

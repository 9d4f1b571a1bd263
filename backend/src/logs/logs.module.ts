import { Global, Module } from '@nestjs/common';
import { AuditReadRules } from './audit-read-rules.js';
import { AuditService } from './audit.service.js';
import { AuditSubscriber } from './audit.subscriber.js';
import { CollectionVersions } from './collection-versions.js';
import { LogsController } from './logs.controller.js';

@Global()
@Module({
  providers: [AuditService, CollectionVersions, AuditSubscriber, AuditReadRules],
  exports: [CollectionVersions],
  controllers: [LogsController],
})
export class LogsModule {}

import { Global, Module } from '@nestjs/common';
import { AuditService } from './audit.service.js';
import { LogsController } from './logs.controller.js';

@Global()
@Module({ providers: [AuditService], exports: [AuditService], controllers: [LogsController] })
export class LogsModule {}

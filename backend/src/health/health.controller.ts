import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { Public } from '../core/decorators.js';

const TIMEOUT_MS = 2000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** `{ status: 'ok', database: 'ok' }`, or 503 when the database does not answer within two seconds. */
  @Public()
  @Get()
  @ApiOperation({ summary: 'Betriebszustand von Server und Datenbank' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['status', 'database'],
          properties: {
            status: { type: 'string', enum: ['ok'] },
            database: { type: 'string', enum: ['ok'] },
          },
        },
      },
    },
  })
  @ApiResponse({ status: 503, description: 'Datenbank nicht erreichbar' })
  async health(): Promise<{ status: 'ok'; database: 'ok' }> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS);
        }),
      ]);
    } catch {
      throw new DomainError('unavailable', HTTP_MESSAGES.databaseUnavailable, 'database');
    } finally {
      clearTimeout(timer);
    }
    return { status: 'ok', database: 'ok' };
  }
}

import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { STATISTICS_SETS, t, type StatisticsSet } from '@ordering/common';
import { Allow, Ctx } from '../core/decorators.js';
import { DomainError } from '../core/errors.js';
import type { RequestContext } from '../core/request-context.js';
import { StatisticsService } from './statistics.service.js';

/**
 * `GET /api/statistics/{set}?from&to&branchId` (spec section 7), for whoever holds `statistics:read`
 * (administration and management); a branch-scoped user would see only its own branches.
 */
@ApiTags('statistics')
@Controller('statistics')
export class StatisticsController {
  constructor(private readonly statistics: StatisticsService) {}

  @Get(':set')
  @Allow('statistics:read')
  @ApiOperation({
    summary:
      'Statistik eines Bereichs (Besucher, Seitenaufrufe, Bestellungen, Umsatz, Stornierungen, Artikel, Zeiten, Arbeitszeit) für einen Zeitraum',
  })
  @ApiParam({ name: 'set', enum: [...STATISTICS_SETS] })
  @ApiQuery({
    name: 'from',
    required: false,
    description: 'erster Tag (YYYY-MM-DD); Standard: 29 Tage vor `to`',
  })
  @ApiQuery({
    name: 'to',
    required: false,
    description: 'letzter Tag (YYYY-MM-DD); Standard: heute; höchstens 366 Tage',
  })
  @ApiQuery({ name: 'branchId', required: false, description: 'nur diese Filiale' })
  @ApiQuery({ name: 'limit', required: false, description: 'popular-items: wie viele (1-50, Standard 10)' })
  @ApiOkResponse({ schema: { type: 'object', properties: { data: { type: 'object' } } } })
  get(@Ctx() ctx: RequestContext, @Param('set') set: string, @Query() query: Record<string, unknown>) {
    if (!(STATISTICS_SETS as readonly string[]).includes(set))
      throw new DomainError('not_found', t('validation.choice'), 'set');
    return this.statistics.get(ctx, set as StatisticsSet, query);
  }
}

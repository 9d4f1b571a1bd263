import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Allow, Ctx } from '../core/decorators.js';
import type { RequestContext } from '../core/request-context.js';
import { PrivacyService } from './privacy.service.js';

/** "Auskunft und Löschung" (DSGVO Art. 15 and 17) by a customer's e-mail address: administrators only. */
@ApiTags('privacy')
@Controller('privacy')
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Get('export')
  @Allow('privacy:read')
  @ApiOperation({ summary: 'Auskunft (Art. 15 DSGVO): alle Bestellungen einer E-Mail-Adresse als Download' })
  @ApiQuery({ name: 'email', required: true })
  @ApiOkResponse({
    description: 'JSON-Datei (Content-Disposition: attachment)',
    content: { 'application/json': { schema: { type: 'object' } } },
  })
  async export(
    @Ctx() ctx: RequestContext,
    @Query('email') email: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    const data = await this.privacy.export(ctx, email);
    const day = data.exportedAt.slice(0, 10);
    res.setHeader('Content-Disposition', `attachment; filename="auskunft-${day}.json"`);
    return data;
  }

  @Post('anonymise')
  @HttpCode(200)
  @Allow('privacy:write')
  @ApiOperation({
    summary:
      'Löschung (Art. 17 DSGVO): Personendaten aller Bestellungen einer E-Mail-Adresse anonymisieren; Beträge, Daten und Positionen bleiben',
  })
  @ApiBody({ schema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] } })
  @ApiOkResponse({
    description: 'Wie viele Bestellungen anonymisiert wurden',
    schema: { type: 'object', properties: { data: { type: 'object' } }, required: ['data'] },
  })
  anonymise(@Ctx() ctx: RequestContext, @Body() body: { email?: unknown } | undefined) {
    return this.privacy.anonymise(ctx, body?.email);
  }
}

import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Allow, Ctx, Public } from '../core/decorators.js';
import type { RequestContext } from '../core/request-context.js';
import { parseId } from '../core/input.js';
import { PaymentsService } from './payments.service.js';
import { TerminalPaymentsService } from './terminal-payments.service.js';

const object = { type: 'object', additionalProperties: true };
const one = (schema: Record<string, unknown> = object) => ({
  schema: { type: 'object', properties: { data: schema }, required: ['data'] },
});
const received = one({ type: 'object', properties: { received: { type: 'boolean' } } });
const orderId = (id: string) => parseId(id, 'Bestellung');

/**
 * The providers' webhooks. Neither trusts its body: Mollie sends only an id, Datatrans a signed body, and
 * in both cases the status is read from the provider before anything changes.
 */
@ApiTags('payments')
@Public()
@Controller('payments')
export class PaymentWebhooksController {
  constructor(private readonly payments: PaymentsService) {}

  @Post('mollie/webhook')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mollie-Webhook (id=tr_…, form-kodiert); der Status wird bei Mollie gelesen' })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } })
  @ApiOkResponse(received)
  async mollie(@Body() body: Record<string, unknown> | undefined) {
    await this.payments.mollieWebhook(body?.id);
    return { received: true };
  }

  @Post('datatrans/webhook')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Datatrans-Webhook: nur mit gültiger Datatrans-Signature; der Status wird bei Datatrans gelesen',
  })
  @ApiHeader({ name: 'Datatrans-Signature', required: true, description: 't=<Zeitstempel>,s0=<HMAC-SHA256>' })
  @ApiBody({ schema: object })
  @ApiOkResponse(received)
  async datatrans(
    @Req() req: Request & { rawBody?: Buffer },
    @Headers('datatrans-signature') signature: string | undefined,
  ) {
    await this.payments.datatransWebhook(req.rawBody ?? Buffer.alloc(0), signature);
    return { received: true };
  }
}

/** Staff routes of an order's payment (beside the order routes under /api/orders). */
@ApiTags('orders')
@Controller('orders')
export class OrderPaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Post(':id/mark-paid')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({
    summary: 'An der Kassa bezahlt (Bar, Bankomatkarte, Gutschein); im Protokoll mit wer und wann',
  })
  @ApiOkResponse(one())
  markPaid(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.payments.markPaid(ctx, orderId(id));
  }

  @Post(':id/update-payment-status')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({
    summary:
      'Zahlungsstatus beim Anbieter erneut abfragen (verlorener Webhook); Barzahlung: nichts zu fragen',
  })
  @ApiOkResponse(one())
  paymentStatus(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.payments.recheck(ctx, orderId(id));
  }

  @Get(':id/payments')
  @Allow('orders:read')
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: 'Zahlungen der Bestellung (Anbieter, Referenz, Status, Rückerstattung)' })
  @ApiOkResponse(one({ type: 'array', items: object }))
  list(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.payments.list(ctx, orderId(id));
  }
}

/** The shop's Mollie point-of-sale terminals, to choose one for a kiosk in the device form. */
@ApiTags('devices')
@Controller('payments/mollie')
export class MollieTerminalsController {
  constructor(private readonly terminals: TerminalPaymentsService) {}

  @Get('terminals')
  @Allow('devices:write')
  @ApiOperation({
    summary: 'Kartenterminals des Shops bei Mollie (GET /v2/terminals); leer ohne Mollie-Schlüssel',
  })
  @ApiOkResponse(one({ type: 'array', items: object }))
  list(@Ctx() ctx: RequestContext) {
    return this.terminals.terminals(ctx);
  }
}

import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Ctx, ForDevices } from '../core/decorators.js';
import { RawResponse } from '../core/envelope.interceptor.js';
import { jsonSchemaOf } from '../core/openapi.js';
import type { RequestContext } from '../core/request-context.js';
import { orderFormSchema } from '../orders/order.schemas.js';
import { CheckoutService } from './checkout.service.js';

const object = { type: 'object', additionalProperties: true };
const one = { schema: { type: 'object', properties: { data: object }, required: ['data'] } };

/**
 * The kiosk's own checkout (`Authorization: Bearer <device key>` of a kiosk): the same order as
 * `POST /api/orders`, and with a Mollie terminal in the kiosk's settings a card order is paid there
 * first (docs/decisions/kiosk.md "Card at the terminal"). The other routes follow that payment.
 */
@ApiTags('orders')
@ApiBearerAuth()
@Controller('devices/me/orders')
export class KioskCheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Post()
  @ForDevices('kiosk')
  @RawResponse()
  @ApiOperation({
    summary:
      'Bestellung eines Kiosks; mit Kartenterminal (Mollie) wird eine Kartenzahlung am Terminal gestartet ({ terminalPayment })',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiBody({ schema: jsonSchemaOf(orderFormSchema) })
  @ApiCreatedResponse({
    schema: {
      type: 'object',
      properties: {
        data: { type: 'object', properties: { order: object, terminalPayment: object } },
      },
      required: ['data'],
    },
  })
  async create(
    @Ctx() ctx: RequestContext,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result = await this.checkout.createAtKiosk(ctx, body, key);
    res.status(result.status);
    return result.body;
  }

  @Get(':uid/terminal-payment')
  @ForDevices('kiosk')
  @ApiParam({ name: 'uid', type: 'string' })
  @ApiOperation({ summary: 'Stand der Kartenzahlung am Terminal (waiting, paid, failed, counter, expired)' })
  @ApiOkResponse(one)
  view(@Ctx() ctx: RequestContext, @Param('uid') uid: string) {
    return this.checkout.terminalPayment(ctx, uid);
  }

  @Post(':uid/terminal-payment')
  @ForDevices('kiosk')
  @HttpCode(200)
  @ApiParam({ name: 'uid', type: 'string' })
  @ApiOperation({ summary: 'Kartenzahlung am Terminal erneut versuchen (neue Zahlung derselben Bestellung)' })
  @ApiOkResponse(one)
  retry(@Ctx() ctx: RequestContext, @Param('uid') uid: string) {
    return this.checkout.retryTerminalPayment(ctx, uid);
  }

  @Post(':uid/pay-at-counter')
  @ForDevices('kiosk')
  @HttpCode(200)
  @ApiParam({ name: 'uid', type: 'string' })
  @ApiOperation({ summary: 'Statt am Terminal an der Kasse bezahlen: die Bestellung gilt als Barzahlung' })
  @ApiOkResponse(one)
  payAtCounter(@Ctx() ctx: RequestContext, @Param('uid') uid: string) {
    return this.checkout.payAtCounter(ctx, uid);
  }
}

import { Body, Controller, Headers, Post, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Ctx, Public } from '../core/decorators.js';
import { RawResponse } from '../core/envelope.interceptor.js';
import { jsonSchemaOf } from '../core/openapi.js';
import type { RequestContext } from '../core/request-context.js';
import { orderFormSchema } from '../orders/order.schemas.js';
import { CheckoutService } from './checkout.service.js';

const object = { type: 'object', additionalProperties: true };

/** `POST /api/orders`: the customer's checkout (public; prices, rules and payment on the server). */
@ApiTags('orders')
@Controller('orders')
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @Post()
  @Public()
  @RawResponse()
  @ApiOperation({ summary: 'Bestellung aufgeben (Checkout); Preise rechnet der Server' })
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiBody({ schema: jsonSchemaOf(orderFormSchema) })
  @ApiCreatedResponse({
    schema: {
      type: 'object',
      properties: { data: { type: 'object', properties: { order: object } } },
      required: ['data'],
    },
  })
  async create(
    @Ctx() ctx: RequestContext,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result = await this.checkout.create(ctx, body, key);
    res.status(result.status);
    return result.body;
  }
}

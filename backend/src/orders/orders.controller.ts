import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { ORDER_STATUS_ACTIONS, type OrderStatusAction } from '@ordering/common';
import type { Response } from 'express';
import { Allow, Ctx, Public } from '../core/decorators.js';
import { DomainError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import { jsonSchemaOf } from '../core/openapi.js';
import type { RequestContext } from '../core/request-context.js';
import { parseId } from '../core/input.js';
import { DeliveryAreaService } from './delivery-area.service.js';
import { OrderOffersService } from './order-offers.service.js';
import { OrderQueryService } from './order-query.service.js';
import {
  itemUpdateSchema,
  orderFormItemSchema,
  offerSchema,
  printRequestSchema,
  orderUpdateSchema,
  questionnaireSchema,
  statusActionSchema,
  withdrawalSchema,
} from './order.schemas.js';
import { OrderWithdrawalsService } from './order-withdrawals.service.js';
import { OrdersService } from './orders.service.js';
import { BranchPauseService, busySchema, pauseSchema } from './branch-pause.service.js';

const object = { type: 'object', additionalProperties: true };
const one = (schema: Record<string, unknown> = object) => ({
  schema: { type: 'object', properties: { data: schema }, required: ['data'] },
});
const list = one({ type: 'array', items: object });
const orderId = (id: string) => parseId(id, 'Bestellung');
const itemIndexOf = (index: string) => {
  if (!/^\d{1,4}$/.test(index)) throw new DomainError('not_found', 'Position wurde nicht gefunden.');
  return Number(index);
};

/** Staff routes of orders (`orders:read` / `orders:write`, employees limited to their branches). */
@ApiTags('orders')
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly queries: OrderQueryService,
    private readonly offers: OrderOffersService,
  ) {}

  @Get()
  @Allow('orders:read')
  @ApiOperation({ summary: 'Bestellhistorie mit Filtern, Suche und Seiten (X-Total-Count)' })
  @ApiQuery({ name: 'branch', required: false })
  @ApiQuery({ name: 'from', required: false })
  @ApiQuery({ name: 'to', required: false })
  @ApiQuery({ name: 'status', required: false })
  @ApiQuery({ name: 'paymentMethod', required: false })
  @ApiQuery({ name: 'isReviewed', required: false, description: 'true: nur bewertete Bestellungen' })
  @ApiQuery({ name: 'rating', required: false, description: 'Gesamtnote der Bewertung, z. B. 1,2' })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'sort', required: false })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'limit', required: false })
  @ApiOkResponse(list)
  async list(
    @Ctx() ctx: RequestContext,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ) {
    const result = await this.queries.list(ctx, query);
    res.setHeader('X-Total-Count', String(result.total));
    return result.items;
  }

  @Get('current')
  @Allow('orders:read')
  @ApiOperation({ summary: 'Offene Bestellungen von heute und später' })
  @ApiOkResponse(list)
  current(@Ctx() ctx: RequestContext) {
    return this.queries.listCurrent(ctx);
  }

  @Get('review-averages')
  @Allow('orders:read')
  @ApiOperation({
    summary: 'Bewertungen der Kunden: Durchschnitt der vier Noten je Filiale und gesamt (Geschäftstage)',
  })
  @ApiQuery({ name: 'from', required: false, description: 'YYYY-MM-DD' })
  @ApiQuery({ name: 'to', required: false, description: 'YYYY-MM-DD' })
  @ApiQuery({ name: 'branch', required: false })
  @ApiOkResponse(one())
  reviewAverages(@Ctx() ctx: RequestContext, @Query() query: Record<string, unknown>) {
    return this.queries.reviewAverages(ctx, query);
  }

  @Get('missed')
  @Allow('orders:read')
  @ApiOperation({ summary: 'Verpasste Bestellungen: nach N Minuten (Standard 10) noch unbestätigt' })
  @ApiQuery({ name: 'minutes', required: false })
  @ApiOkResponse(list)
  missed(@Ctx() ctx: RequestContext, @Query('minutes') minutes: string | undefined) {
    return this.queries.listMissed(ctx, minutes);
  }

  @Get('frontdesk/:branchId/:apiKey')
  @Public()
  @ApiOperation({ summary: 'Front-Desk-Liste einer Filiale (API-Schlüssel der Filiale)' })
  @ApiOkResponse(list)
  frontdesk(@Ctx() ctx: RequestContext, @Param('branchId') branchId: string, @Param('apiKey') key: string) {
    return this.queries.frontdesk(ctx, branchId, key);
  }

  @Get('frontdesk/:branchId/:apiKey/tickets')
  @Public()
  @ApiOperation({
    summary:
      'Ticketnummern für den Abholbildschirm (Schlüssel eines Ticket-Bildschirms oder der Filiale): in Zubereitung und abholbereit',
  })
  @ApiOkResponse(one())
  tickets(@Ctx() ctx: RequestContext, @Param('branchId') branchId: string, @Param('apiKey') key: string) {
    return this.queries.tickets(ctx, branchId, key);
  }

  @Get('backoffice/:branchId/:apiKey')
  @Public()
  @ApiOperation({ summary: 'Back-Office-Liste einer Filiale (API-Schlüssel der Filiale)' })
  @ApiOkResponse(list)
  backoffice(@Ctx() ctx: RequestContext, @Param('branchId') branchId: string, @Param('apiKey') key: string) {
    return this.queries.backoffice(ctx, branchId, key);
  }

  @Get(':id')
  @Allow('orders:read')
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOkResponse(one())
  get(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.queries.get(ctx, orderId(id));
  }

  @Put(':id')
  @Allow('orders:write')
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: 'Kommentar, Termin, Kundendaten oder Tisch ändern' })
  @ApiBody({ schema: jsonSchemaOf(orderUpdateSchema) })
  @ApiOkResponse(one())
  update(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.orders.update(ctx, orderId(id), body);
  }

  @Delete(':id')
  @Allow('orders:write')
  @HttpCode(204)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiNoContentResponse({ description: 'gelöscht', content: { 'application/json': { schema: object } } })
  async remove(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    await this.orders.remove(ctx, orderId(id));
  }

  @Put(':id/items/:itemIndex')
  @Allow('orders:write')
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiParam({ name: 'itemIndex', type: 'integer' })
  @ApiOperation({ summary: 'Position ändern (Menge, Einheit, Optionen); die Bestellung wird neu berechnet' })
  @ApiBody({ schema: jsonSchemaOf(itemUpdateSchema) })
  @ApiOkResponse(one())
  updateItem(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Param('itemIndex') itemIndex: string,
    @Body() body: unknown,
  ) {
    return this.orders.updateItem(ctx, orderId(id), itemIndexOf(itemIndex), body);
  }

  @Post(':id/items')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: 'Position hinzufügen (geprüft und berechnet wie im Checkout)' })
  @ApiBody({ schema: jsonSchemaOf(orderFormItemSchema) })
  @ApiOkResponse(one())
  addItem(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.orders.addItem(ctx, orderId(id), body);
  }

  @Delete(':id/items/:itemIndex')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiParam({ name: 'itemIndex', type: 'integer' })
  @ApiOperation({ summary: 'Position entfernen (die letzte bleibt); die Bestellung wird neu berechnet' })
  @ApiOkResponse(one())
  removeItem(@Ctx() ctx: RequestContext, @Param('id') id: string, @Param('itemIndex') itemIndex: string) {
    return this.orders.removeItem(ctx, orderId(id), itemIndexOf(itemIndex));
  }

  @Post(':id/offer')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({
    summary: 'Anfrage mit einem Angebot beantworten (Positionen, Preise, gültig bis, Nachricht)',
  })
  @ApiBody({ schema: jsonSchemaOf(offerSchema) })
  @ApiOkResponse(one())
  offer(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.offers.send(ctx, orderId(id), body);
  }

  @Post(':id/status/:action')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiParam({ name: 'action', enum: [...ORDER_STATUS_ACTIONS] })
  @ApiOperation({ summary: 'Statusänderung über die Übergangstabelle (409 wenn nicht erlaubt)' })
  @ApiBody({ schema: jsonSchemaOf(statusActionSchema), required: false })
  @ApiOkResponse(one())
  status(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Param('action') action: string,
    @Body() body: unknown,
  ) {
    if (!(ORDER_STATUS_ACTIONS as readonly string[]).includes(action))
      throw new DomainError('not_found', HTTP_MESSAGES.notFound);
    return this.orders.changeStatus(ctx, orderId(id), action as OrderStatusAction, body);
  }

  @Post(':id/print')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({
    summary:
      'Bestellbon, Küchenbon oder Etiketten drucken (an ein gewähltes Gerät der Filiale oder an alle; 400 bei `device`, wenn es kein gekoppelter Drucker der Filiale ist)',
  })
  @ApiBody({ schema: jsonSchemaOf(printRequestSchema), required: false })
  @ApiOkResponse(one())
  print(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.orders.print(ctx, orderId(id), body);
  }

  @Post(':id/resend-new-order-email')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOkResponse(one())
  resendEmail(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.orders.resend(ctx, orderId(id), 'email');
  }

  @Post(':id/resend-new-order-sms')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOkResponse(one())
  resendSms(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.orders.resend(ctx, orderId(id), 'sms');
  }
}

/** The customer's status page routes: the uid and the hash in the path are the access secret. */
@ApiTags('orders')
@Public()
@Controller('orders/public/:uid/:hash')
export class PublicOrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly offers: OrderOffersService,
  ) {}

  @Post('accept-offer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Angebot annehmen: aus der Anfrage wird eine Bestellung' })
  @ApiOkResponse(one())
  acceptOffer(@Ctx() ctx: RequestContext, @Param('uid') uid: string, @Param('hash') hash: string) {
    return this.offers.answer(ctx, uid, hash, 'accepted');
  }

  @Post('decline-offer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Angebot ablehnen: die Anfrage wird geschlossen' })
  @ApiOkResponse(one())
  declineOffer(@Ctx() ctx: RequestContext, @Param('uid') uid: string, @Param('hash') hash: string) {
    return this.offers.answer(ctx, uid, hash, 'declined');
  }

  @Get()
  @ApiOperation({ summary: 'Bestellung für die Statusseite (falscher Hash = 404)' })
  @ApiOkResponse(one())
  get(@Ctx() ctx: RequestContext, @Param('uid') uid: string, @Param('hash') hash: string) {
    return this.orders.publicOrder(ctx, uid, hash);
  }

  @Post('confirm-counter-appointment')
  @HttpCode(200)
  @ApiOkResponse(one())
  confirmCounter(@Ctx() ctx: RequestContext, @Param('uid') uid: string, @Param('hash') hash: string) {
    return this.orders.answerCounterOffer(ctx, uid, hash, 'confirm');
  }

  @Post('reject-counter-appointment')
  @HttpCode(200)
  @ApiOkResponse(one())
  rejectCounter(@Ctx() ctx: RequestContext, @Param('uid') uid: string, @Param('hash') hash: string) {
    return this.orders.answerCounterOffer(ctx, uid, hash, 'reject');
  }

  @Post('questionnaire')
  @HttpCode(200)
  @ApiBody({ schema: jsonSchemaOf(questionnaireSchema) })
  @ApiOkResponse(one())
  questionnaire(
    @Ctx() ctx: RequestContext,
    @Param('uid') uid: string,
    @Param('hash') hash: string,
    @Body() body: unknown,
  ) {
    return this.orders.questionnaire(ctx, uid, hash, body);
  }
}

/** The bookable times of a branch for the date and time pickers (the server checks the same rule). */
@ApiTags('orders')
@Controller('branches')
export class BranchAvailabilityController {
  constructor(
    private readonly queries: OrderQueryService,
    private readonly deliveryAreas: DeliveryAreaService,
  ) {}

  @Get(':id/delivery-area')
  @Public()
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiQuery({ name: 'postcode', required: true, description: 'Postleitzahl der Lieferadresse' })
  @ApiQuery({ name: 'street', required: false, description: 'Straße und Hausnummer (Umkreis, Polygon)' })
  @ApiQuery({ name: 'city', required: false, description: 'Ort' })
  @ApiOperation({
    summary:
      'Liefergebiet der Adresse mit Liefergebühr und Mindestbestellwert; 400 outside_delivery_area außerhalb aller Gebiete',
  })
  @ApiOkResponse(one())
  deliveryArea(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    return this.deliveryAreas.check(ctx, id, query);
  }

  @Get(':id/availability')
  @Public()
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiQuery({ name: 'from', required: false, description: 'YYYY-MM-DD (Standard: heute)' })
  @ApiQuery({ name: 'to', required: false, description: 'YYYY-MM-DD (Standard: 30 Tage später)' })
  @ApiQuery({ name: 'type', required: false, enum: ['takeaway', 'delivery', 'dineIn'] })
  @ApiQuery({ name: 'products', required: false, description: 'Produkt-IDs des Warenkorbs (Vorlaufzeiten)' })
  @ApiOperation({ summary: 'Buchbare Tage und Zeitfenster (Öffnungszeiten, Vorlaufzeiten, Kapazität)' })
  @ApiOkResponse(one())
  availability(@Ctx() ctx: RequestContext, @Param('id') id: string, @Query() query: Record<string, unknown>) {
    return this.queries.availability(ctx, id, query);
  }
}

/** Pause and busy mode of a branch: staff of the branch (employees too), from the board in one tap. */
@ApiTags('orders')
@Controller('branches')
export class BranchPauseController {
  constructor(private readonly pauses: BranchPauseService) {}

  @Post(':id/pause')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({
    summary:
      'Bestellungen pausieren: { minutes | until ("nextOpening" oder Zeitpunkt), orderTypes?, message?, allowPreorders? }; endet von selbst',
  })
  @ApiBody({ schema: jsonSchemaOf(pauseSchema) })
  @ApiOkResponse(one())
  pause(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.pauses.pause(ctx, id, body);
  }

  @Delete(':id/pause')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: 'Pause beenden: Bestellungen wieder annehmen' })
  @ApiOkResponse(one())
  resume(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.pauses.resume(ctx, id);
  }

  @Post(':id/busy')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: '„Viel los“: { extraMinutes (Standard 20), minutes (Standard 60) }' })
  @ApiBody({ schema: jsonSchemaOf(busySchema), required: false })
  @ApiOkResponse(one())
  busy(@Ctx() ctx: RequestContext, @Param('id') id: string, @Body() body: unknown) {
    return this.pauses.busy(ctx, id, body);
  }

  @Delete(':id/busy')
  @Allow('orders:write')
  @HttpCode(200)
  @ApiParam({ name: 'id', type: 'integer' })
  @ApiOperation({ summary: '„Viel los“ beenden' })
  @ApiOkResponse(one())
  calm(@Ctx() ctx: RequestContext, @Param('id') id: string) {
    return this.pauses.calm(ctx, id);
  }
}

/**
 * The withdrawal function (§356a BGB), public and rate-limited like the other public writes: from the
 * status page (uid and hash) or from the footer's form (order number and e-mail).
 */
@ApiTags('orders')
@Public()
@Controller('withdrawals')
export class WithdrawalsController {
  constructor(private readonly withdrawals: OrderWithdrawalsService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Vertrag widerrufen: { uid, hash } oder { orderNumber, orderEmail }, dazu name, email, note; Bestätigung per E-Mail',
  })
  @ApiBody({ schema: jsonSchemaOf(withdrawalSchema) })
  @ApiCreatedResponse(one())
  withdraw(@Ctx() ctx: RequestContext, @Body() body: unknown) {
    return this.withdrawals.withdraw(ctx, body);
  }
}

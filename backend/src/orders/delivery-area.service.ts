import { Injectable } from '@nestjs/common';
import {
  branchPoint,
  deliveryAreaFor,
  hasShape,
  postcodeOf,
  type DeliveryAreaCheck,
  type GeoPoint,
} from '@ordering/common';
import { z } from 'zod';
import { Branch } from '../branches/branch.entity.js';
import { DomainError, reasonError } from '../core/errors.js';
import { parseId } from '../core/input.js';
import { fields } from '../core/validation.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { Geocoder } from './geocoder.js';
import { ShopConfig } from '../config/shop-config.entity.js';
import { branchContract } from './order-pricing.js';

/** The address fields of an order form (or the check's query) that locate it. */
const addressFields = z.object({
  branch: fields.ref().nullish(),
  isDelivery: z.boolean().nullish(),
  street: z.string().max(200).nullish(),
  zipCode: z.string().max(20).nullish(),
  city: z.string().max(100).nullish(),
});

/** The refusal of an address outside every area: 400 at the postcode field, code `outside_delivery_area`. */
export const outsideDeliveryArea = () => reasonError('validation', 'outside_delivery_area', 'zipCode');

/**
 * Where an address lies among a branch's delivery areas: the geocoding of an order's address before its
 * transaction (no database held during HTTP), and the storefront's public check that answers the area
 * with its fee and thresholds, or the refusal, before the menu.
 */
@Injectable()
export class DeliveryAreaService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly geocoder: Geocoder,
  ) {}

  /**
   * The coordinates of a delivery order's address, when a branch area has a shape (radius or polygon)
   * and the shop has a map token; null otherwise (the postcodes decide). Never refuses: the order's own
   * checks do that.
   */
  async locate(ctx: RequestContext, body: unknown): Promise<GeoPoint | null> {
    const parsed = addressFields.safeParse(body ?? {});
    if (!parsed.success || parsed.data.isDelivery !== true || !parsed.data.branch) return null;
    const em = this.connection.manager(ctx);
    // `find`: a `findOne` with the eager delivery areas sends a DISTINCT query for its LIMIT first.
    const [branch] = await em.getRepository(Branch).find({ where: { id: parsed.data.branch.id } });
    if (!branch) return null;
    return this.pointOf(ctx, branch, parsed.data);
  }

  private async pointOf(
    ctx: RequestContext,
    branch: Branch,
    address: { street?: string | null; zipCode?: string | null; city?: string | null },
  ): Promise<GeoPoint | null> {
    const origin = branchPoint(branch);
    if (!(branch.deliveryAreas ?? []).some((area) => hasShape(area, origin))) return null;
    const config = await this.connection
      .manager(ctx)
      .getRepository(ShopConfig)
      .findOne({
        where: { id: 1 },
        select: { id: true, mapStyleUrl: true, mapAccessToken: true, market: true },
      });
    if (!config) return null;
    return this.geocoder.locate(config, {
      street: address.street,
      postcode: postcodeOf(address.zipCode) ?? address.zipCode,
      city: address.city,
    });
  }

  /**
   * `GET /api/branches/{id}/delivery-area?postcode=&street=&city=`: the area the address lies in, decided
   * as the order will be; 400 `outside_delivery_area` at `zipCode` when none, `validation` when the
   * postcode is missing; 404 for an unknown branch or one without delivery.
   */
  async check(
    ctx: RequestContext,
    rawId: string,
    query: Record<string, unknown>,
  ): Promise<DeliveryAreaCheck> {
    const id = parseId(rawId, 'Filiale');
    const branch = await this.connection.manager(ctx).getRepository(Branch).findOne({ where: { id } });
    if (!branch || !branch.isDeliveryEnabled)
      throw new DomainError('not_found', 'Filiale wurde nicht gefunden.');
    const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');
    const address = {
      zipCode: text(query.postcode, 20),
      street: text(query.street, 200),
      city: text(query.city, 100),
    };
    const postcode = postcodeOf(address.zipCode);
    if (!address.zipCode.trim()) throw reasonError('validation', 'postcode_missing', 'zipCode');
    const point = await this.pointOf(ctx, branch, address);
    const contract = branchContract(branch);
    const area = deliveryAreaFor(contract.deliveryAreas, { postcode, point }, branchPoint(branch));
    if (!area) throw outsideDeliveryArea();
    return {
      area: {
        id: area.id,
        area: area.area,
        price: area.price,
        tax: area.tax,
        free: area.free,
        freeFromOrderValue: area.freeFromOrderValue ?? null,
        minimumOrderValue: area.minimumOrderValue ?? null,
      },
      postcode: postcode ?? address.zipCode.trim(),
    };
  }
}

import {
  fromCents,
  priceCart,
  selectedOptions,
  toPricingResult,
  type Branch as BranchContract,
  type CartTotals,
  type ConfigurablePart,
  type OrderItem,
  type OrderType,
  type PartValue,
  type PricedProduct,
  type PricingLineInput,
  type UnitCode,
} from '@ordering/common';
import type { Branch } from '../branches/branch.entity.js';
import type { Product } from '../catalog/product.entity.js';
import type { Upload } from '../media/upload.entity.js';
import type { DeliveryAreaSnapshot } from './order.entity.js';

/** The branch entity as common's rules read it. */
export function branchContract(branch: Branch): BranchContract {
  return {
    ...(branch as unknown as BranchContract),
    tags: [],
    orderableFrom: branch.orderableFrom ? branch.orderableFrom.toISOString() : null,
    deliveryAreas: [...(branch.deliveryAreas ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((area) => ({
        id: area.id,
        area: area.area,
        price: area.price,
        tax: area.tax,
        free: area.free,
        freeFromOrderValue: area.freeFromOrderValue,
        minimumOrderValue: area.minimumOrderValue,
        postcodes: area.postcodes ?? '',
        radiusKm: area.radiusKm ?? null,
        polygon: area.polygon ?? null,
      })),
  };
}

/** The product entity as common's pricing reads it. */
export const pricedProduct = (product: Product) => product as unknown as PricedProduct;

/** The delivery area kept on the order. */
export function deliveryAreaSnapshot(area: BranchContract['deliveryAreas'][number]): DeliveryAreaSnapshot {
  return {
    id: area.id,
    area: area.area,
    price: area.price,
    tax: area.tax,
    free: area.free,
    freeFromOrderValue: area.freeFromOrderValue ?? null,
    minimumOrderValue: area.minimumOrderValue ?? null,
  };
}

/**
 * Receipt labels of the part values: `Beilagen: Pommes frites, Reis`, `Anmerkung: ohne Zwiebel`, file names.
 * Empty parts are left out.
 */
export function partLabels(
  parts: readonly ConfigurablePart[],
  values: readonly PartValue[],
  uploads: ReadonlyMap<number, Upload>,
): string[] {
  const labels: string[] = [];
  parts.forEach((part, index) => {
    const value = values[index];
    let shown: string[] = [];
    if (part.type === 'select' || part.type === 'multiselect') {
      shown = selectedOptions({ config: { parts: [part] } }, [value ?? null]).map((o) => o.name);
    } else if (typeof value === 'string') {
      shown = value.trim() ? [value.trim()] : [];
    } else if (Array.isArray(value)) {
      shown = value
        .filter((v): v is { id: number } => typeof v === 'object' && v !== null)
        .map((v) => uploads.get(v.id)?.name || `Datei ${v.id}`);
    }
    if (shown.length) labels.push(`${part.name}: ${shown.join(', ')}`);
  });
  return labels;
}

/** A priced line as the order stores it. */
export function storedItem(
  product: Product,
  line: { amount: number; unit: UnitCode; parts: PartValue[] },
  priced: CartTotals['lines'][number],
  labels: string[],
): OrderItem {
  return {
    product: { id: product.id, uid: product.uid },
    amount: line.amount,
    unit: line.unit,
    parts: line.parts,
    name: product.name,
    unitPrice: fromCents(priced.unitPrice),
    price: fromCents(priced.gross),
    tax: priced.rate,
    calculationModel: priced.calculationModel,
    isPriceHidden: priced.isPriceHidden,
    partLabels: labels,
  };
}

/**
 * A stored item as a pricing line of its own snapshot: unit price, rate and amount as they were, so the
 * totals of an order can be recomputed with common's `priceCart` without today's catalogue (the line's
 * gross is `unitPrice × amount`, exactly what was stored).
 */
export function snapshotLine(item: OrderItem): PricingLineInput {
  return {
    product: {
      unit: item.unit,
      alternativeUnits: [],
      calculationModel: item.calculationModel,
      price: item.unitPrice,
      tax: item.tax,
      takeawayTax: item.tax,
      dineInTax: item.tax,
      isPriceHidden: item.isPriceHidden,
      config: { parts: [] },
    } as unknown as PricedProduct,
    amount: item.amount,
    unit: item.unit,
    parts: [],
  };
}

/** The totals of stored items (after a staff edit of one item). */
export function totalsOfItems(
  items: readonly OrderItem[],
  orderType: OrderType,
  area: DeliveryAreaSnapshot | null,
) {
  return toPricingResult(
    priceCart({ items: items.map(snapshotLine), orderType, deliveryArea: area ?? undefined }),
  );
}

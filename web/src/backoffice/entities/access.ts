import type { Market, MarketProfile } from '@ordering/common';
import { readableAreas } from '../areas';
import { ALL_DESCRIPTIONS } from './descriptions';
import type { EntityDescription } from './types';

/** The entity screens of an area the roles may read, in menu order. */
export function screensOf(area: string, roles: readonly string[]): EntityDescription[] {
  const readable = readableAreas(roles);
  return ALL_DESCRIPTIONS.filter((d) => d.area === area && readable.has(d.permission));
}

/** Whether the roles may change rows of this screen (the API checks again). Every role writes what it reads. */
export function mayWrite(description: EntityDescription, roles: readonly string[]): boolean {
  return !description.readOnly && readableAreas(roles).has(description.permission);
}

const inMarkets = new WeakMap<EntityDescription, Map<Market, EntityDescription>>();

/**
 * A screen in the words of the shop's market ("Krankmeldung" / "Krankenstand"); the same object for the
 * same screen and market, so a form made for it is not made again on every render.
 */
export function inMarket(description: EntityDescription, market: MarketProfile): EntityDescription {
  if (!description.inMarket) return description;
  let byMarket = inMarkets.get(description);
  if (!byMarket) inMarkets.set(description, (byMarket = new Map()));
  let localised = byMarket.get(market.market);
  if (!localised) byMarket.set(market.market, (localised = description.inMarket(market)));
  return localised;
}

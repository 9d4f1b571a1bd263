import type { ConfigurablePart, PartOption } from './contract/catalog.js';

/**
 * A part's own fields as a product stores them, without ids, options and link: the description as null when
 * missing, and the choice limits only where set (so parts without them keep their stored shape).
 */
export function partFields(
  part: ConfigurablePart,
): Pick<ConfigurablePart, 'name' | 'description' | 'type' | 'optional' | 'minChoices' | 'maxChoices'> {
  return {
    name: part.name,
    description: part.description ?? null,
    type: part.type,
    optional: part.optional,
    ...(part.minChoices != null ? { minChoices: part.minChoices } : {}),
    ...(part.maxChoices != null ? { maxChoices: part.maxChoices } : {}),
  };
}

/** A product's earlier copy of a shared option group, and the group's part it was copied from. */
export interface PreviousCopy {
  /** The part as the product stored it (the product's ids). */
  copy: ConfigurablePart;
  /** The group's part at that time (the group's ids), in the same option order as the copy. */
  source: ConfigurablePart;
}

/**
 * A product's copy of a shared option group's part ("Optionsvorlage"): the group's content (name, type,
 * options with prices, limits) with `templateId` and the product's own ids.
 *
 * Ids stay stable across copies: the part keeps the previous copy's id, and an option keeps the id its
 * earlier copy had when it is the same option of the group (matched by the group's option id through the
 * previous source, whose options stand in the copy's order; failing that, by name). Options that are new
 * to the product come without an id, so the product numbers them (unique within the product). Without a
 * previous copy every id is left to the product.
 */
export function copyOptionGroupPart(
  templateId: string,
  part: ConfigurablePart,
  previous?: PreviousCopy,
): ConfigurablePart {
  const byGroupId = new Map<number, number>();
  const byName = new Map<string, number>();
  if (previous) {
    const { copy, source } = previous;
    if (copy.options.length === source.options.length) {
      source.options.forEach((option, index) => {
        const copied = copy.options[index]!.id;
        if (option.id !== undefined && copied !== undefined) byGroupId.set(option.id, copied);
      });
    }
    for (const option of copy.options)
      if (option.id !== undefined && !byName.has(option.name)) byName.set(option.name, option.id);
  }
  const used = new Set<number>();
  const take = (id: number | undefined) => (id !== undefined && !used.has(id) ? id : undefined);
  const options = part.options.map((option): PartOption => {
    const id =
      take(option.id === undefined ? undefined : byGroupId.get(option.id)) ?? take(byName.get(option.name));
    if (id !== undefined) used.add(id);
    return {
      ...(id !== undefined ? { id } : {}),
      name: option.name,
      modifier: option.modifier,
      value: option.value,
    };
  });
  return {
    ...(previous?.copy.id !== undefined ? { id: previous.copy.id } : {}),
    ...partFields(part),
    options,
    templateId,
  };
}

/**
 * German entity names and the back-office fallback messages of spec section 8, built from them:
 * "Filialen konnten nicht geladen werden.", "Filiale konnte nicht erstellt werden." …
 *
 * @packageDocumentation
 */

/** German names of one back-office entity. */
export interface EntityNames {
  /** Name of the collection ("Filialen"); some are grammatically singular ("Planung"). */
  plural: string;
  /** Name of one entity ("Filiale"). */
  singular: string;
  /** The collection name is a singular noun ("Planung konnte …" rather than "konnten"). */
  isPluralSingularNoun?: boolean;
}

/** Every back-office entity of spec section 8 with its German names, keyed by API collection. */
export const ENTITY_NAMES = {
  images: { plural: 'Bilder', singular: 'Bild' },
  'image-templates': { plural: 'Bildvorlagen', singular: 'Bildvorlage' },
  uploads: { plural: 'Uploads', singular: 'Upload' },
  divisions: { plural: 'Organisationen', singular: 'Organisation' },
  branches: { plural: 'Filialen', singular: 'Filiale' },
  departments: { plural: 'Abteilungen', singular: 'Abteilung' },
  menus: { plural: 'Produktkataloge', singular: 'Produktkatalog' },
  categories: { plural: 'Kategorien', singular: 'Kategorie' },
  tags: { plural: 'Tags', singular: 'Tag' },
  products: { plural: 'Produkte', singular: 'Produkt' },
  'option-groups': { plural: 'Optionsvorlagen', singular: 'Optionsvorlage' },
  orders: { plural: 'Bestellungen', singular: 'Bestellung' },
  users: { plural: 'Benutzer', singular: 'Benutzer' },
  logs: { plural: 'Logs', singular: 'Log' },
  devices: { plural: 'Geräte', singular: 'Gerät' },
  tables: { plural: 'Tische', singular: 'Tisch' },
  sites: { plural: 'Seiten', singular: 'Seite' },
  blocks: { plural: 'Inhalte', singular: 'Inhalt' },
  donatees: { plural: 'Spendenempfänger', singular: 'Spendenempfänger' },
  'working-activities': { plural: 'Aktivitäten', singular: 'Aktivität' },
  'working-schedules': { plural: 'Planung', singular: 'Planung', isPluralSingularNoun: true },
  projects: { plural: 'Projekte', singular: 'Projekt' },
  tasks: { plural: 'Aufgaben', singular: 'Aufgabe' },
  'digital-signage-segments': { plural: 'Filmsequenzen', singular: 'Filmsequenz' },
  'digital-signage-streams': { plural: 'Streams', singular: 'Stream' },
  'digital-signage-devices': { plural: 'TVs', singular: 'TV' },
  navigations: { plural: 'Navigationen', singular: 'Navigation' },
  fonts: { plural: 'Schriftarten', singular: 'Schriftart' },
} as const satisfies Record<string, EntityNames>;

/** An API collection with German names (`branches`, `image-templates` …). */
export type EntityCollection = keyof typeof ENTITY_NAMES;

/** What failed. `load` is the list, `loadOne` a single entity. */
export type EntityAction = 'load' | 'loadOne' | 'create' | 'update' | 'delete';

const PARTICIPLES: Record<EntityAction, string> = {
  load: 'geladen',
  loadOne: 'geladen',
  create: 'erstellt',
  update: 'aktualisiert',
  delete: 'gelöscht',
};

/**
 * The fallback message of a failed back-office call, shown when the server sent no message:
 * `('branches', 'load')` → "Filialen konnten nicht geladen werden.",
 * `('branches', 'create')` → "Filiale konnte nicht erstellt werden.".
 */
export function entityFailureMessage(collection: EntityCollection, action: EntityAction): string {
  const names: EntityNames = ENTITY_NAMES[collection];
  const participle = PARTICIPLES[action];
  if (action === 'load') {
    const verb = names.isPluralSingularNoun ? 'konnte' : 'konnten';
    return `${names.plural} ${verb} nicht ${participle} werden.`;
  }
  return `${names.singular} konnte nicht ${participle} werden.`;
}

/** The 404 message for one entity: "Filiale wurde nicht gefunden.". */
export function entityNotFoundMessage(collection: EntityCollection): string {
  return `${ENTITY_NAMES[collection].singular} wurde nicht gefunden.`;
}

/**
 * The message a back-office screen shows for a failed call: the server's first error message if the body
 * has one, else the fallback.
 */
export function failureMessageFrom(body: unknown, fallback: string): string {
  const errors = (body as { errors?: unknown } | null | undefined)?.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const message = (errors[0] as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

import {
  activityTypeLabels,
  DEFAULT_MARKET,
  defaultVatRate,
  ENTITY_NAMES,
  formatDate,
  imprintTemplate,
  isMeasurableUnit,
  marketProfile,
  privacyTemplate,
  termsTemplate,
  UNIT_CODES,
  UNITS,
  type Market,
  type MarketProfile,
} from '@ordering/common';
import { BLOCK_TYPES, DEVICE_TYPES, ROLE_LABELS, ROLES, settingOf } from '@ordering/common/schemas';
import type { EntityDescription, FieldDescription, FieldOption } from './types';

/** `2026-12-01T07:00:00Z` → `01.12.2026` (Vienna), for row titles. */
const day = (value: unknown): string => {
  const date = new Date(String(value ?? ''));
  return Number.isNaN(date.getTime()) ? '' : formatDate(date);
};

const options = (pairs: Record<string, string>): FieldOption[] =>
  Object.entries(pairs).map(([value, label]) => ({ value, label }));

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const UNIT_OPTIONS = UNIT_CODES.map((code) => ({ value: code, label: UNITS[code].label }));
/** Units a net quantity (Füllmenge) can be given in: those a unit price (Grundpreis) refers to. */
const NET_QUANTITY_UNIT_OPTIONS = UNIT_OPTIONS.filter((option) => isMeasurableUnit(option.value));
/** The VAT rates offered beside a product's tax fields (DE 7/19, AT 10/13/20). */
const vatRates = (market: MarketProfile) => market.vatRates;
const YES_NO: FieldOption[] = [
  { value: 'true', label: 'Ja' },
  { value: 'false', label: 'Nein' },
];
const BLOCK_TYPE_LABELS: Record<(typeof BLOCK_TYPES)[number], string> = {
  hero: 'Titelbild',
  sectionImages: 'Bilder',
  sectionTextBoxes: 'Textboxen',
  sectionValues: 'Werte',
  sectionInfoBox: 'Infobox',
  sectionService: 'Leistungen',
  sectionImageText: 'Bild und Text',
  sectionContact: 'Kontakt',
  sectionVideo: 'Video',
};
const DEVICE_TYPE_LABELS: Record<(typeof DEVICE_TYPES)[number], string> = {
  frontdesk: 'Theke',
  kiosk: 'Kiosk',
  'ticket-screen': 'Abholbildschirm',
  printer: 'Drucker',
  backoffice: 'Backoffice',
  signage: 'Digital Signage',
  'kitchen-display': 'Küchendisplay',
};
const PROJECT_STATUS = options({
  planned: 'Geplant',
  active: 'Aktiv',
  done: 'Abgeschlossen',
  cancelled: 'Abgebrochen',
});
const TASK_STATUS = options({ open: 'Offen', 'in-progress': 'In Arbeit', done: 'Erledigt' });
const LOG_ACTIONS = options({
  create: 'Erstellt',
  update: 'Geändert',
  delete: 'Gelöscht',
  // "Auskunft und Löschung" and the retention period (docs/decisions/privacy.md).
  'privacy-export': 'Auskunft (DSGVO)',
  'privacy-erasure': 'Löschung (DSGVO)',
  'privacy-retention': 'Anonymisiert nach Frist',
});
// Derived by the server (running, paused, ended): the time clock and the list show the same words.
const ACTIVITY_STATUS = options({ running: 'Eingestempelt', paused: 'In Pause', ended: 'Beendet' });

/** A custom field: the special editor of that key, or a hint while it is not there yet. */
const custom = (name: string, editor: string, editorHint: string, group?: string): FieldDescription => ({
  name,
  type: 'custom',
  editor,
  editorHint,
  group,
});

const flags = (group: string, names: readonly string[]): FieldDescription[] =>
  names.map((name) => ({ name, type: 'boolean', group }));

/**
 * Every back-office entity of spec section 7, described once: the generic list and form screens, the
 * navigation and the browser test of every screen are made from these. Labels come from
 * `@ordering/common/schemas` (FIELD_LABELS) unless a field names its own.
 */
/**
 * The working activities in the words of a market: sick leave is "Krankmeldung" in Germany, "Krankenstand"
 * in Austria (common's activityTypeLabels), in the form, the list, its filter and the hint.
 */
function workingActivities(market: MarketProfile): EntityDescription {
  const types = options(activityTypeLabels(market));
  return {
    collection: 'working-activities',
    path: 'working-activities',
    area: 'staff',
    permission: 'time-tracking',
    plural: 'Aktivitäten',
    singular: 'Aktivität',
    fields: [
      { name: 'user', type: 'ref', collection: 'users' },
      { name: 'branch', type: 'ref', collection: 'branches' },
      { name: 'type', type: 'select', options: types },
      { name: 'startedAt', type: 'datetime' },
      { name: 'endedAt', type: 'datetime' },
      {
        name: 'days',
        type: 'number',
        step: 0.5,
        hint: `bei Urlaub und ${market.sickLeave}: ganze oder halbe Tage`,
      },
      { name: 'project', type: 'ref', collection: 'projects' },
      { name: 'task', type: 'ref', collection: 'tasks' },
      custom('pauses', 'pauses', 'in der Zeiterfassung'),
      { name: 'comment', type: 'textarea' },
    ],
    columns: [
      { field: 'user', format: 'ref' },
      { field: 'type', format: 'option' },
      { field: 'status', label: 'Status', format: 'option', options: ACTIVITY_STATUS },
      { field: 'startedAt', format: 'datetime' },
      { field: 'endedAt', format: 'datetime' },
      { field: 'pauseMinutes', label: 'Pause (Min.)' },
    ],
    filters: [
      { param: 'user', label: 'Mitarbeiter', type: 'ref', collection: 'users' },
      { param: 'branch', label: 'Filiale', type: 'ref', collection: 'branches' },
      { param: 'type', label: 'Art', type: 'select', options: types },
      { param: 'status', label: 'Status', type: 'select', options: ACTIVITY_STATUS },
    ],
    searchable: true,
    sortable: ['startedAt', 'endedAt', 'type', 'status'],
    defaultSort: '-startedAt',
    titleOf: (row) => `Aktivität vom ${day(row.startedAt)}`,
    listPanel: 'timeSheets',
    inMarket: workingActivities,
  };
}

/** A product's or category's English name and description, which the kiosk shows a guest who chose English. */
const englishFields = (): FieldDescription[] => [
  {
    name: 'nameEn',
    type: 'text',
    group: 'Englisch (Kiosk)',
    hint: 'Zeigt der Kiosk, wenn ein Gast „English“ wählt; leer: der deutsche Name.',
  },
  { name: 'descriptionEn', type: 'wysiwyg', group: 'Englisch (Kiosk)' },
];

export const ENTITY_DESCRIPTIONS: readonly EntityDescription[] = [
  // Sortiment
  {
    collection: 'products',
    path: 'products',
    area: 'catalog',
    permission: 'catalog',
    plural: 'Produkte',
    singular: 'Produkt',
    // "Ausverkauft" per branch in one tap (docs/decisions/kitchen.md).
    rowCell: 'productSoldOut',
    // A new product starts at the market's standard VAT rate; the reduced ones are one click away.
    newValues: (market) => {
      const rate = defaultVatRate(market);
      return { tax: rate, takeawayTax: rate, dineInTax: rate };
    },
    fields: [
      { name: 'name', type: 'text' },
      {
        name: 'type',
        type: 'select',
        options: options({ simple: 'Einfach', configurable: 'Konfigurierbar', bundle: 'Bundle' }),
      },
      { name: 'price', type: 'number', step: 0.01 },
      { name: 'isPriceHidden', type: 'boolean' },
      { name: 'description', type: 'wysiwyg' },
      ...englishFields(),
      custom('allergenCodes', 'allergenCodes', 'als Ankreuzliste', 'Allergene'),
      {
        name: 'allergens',
        type: 'text',
        group: 'Allergene',
        hint: 'Was die Ankreuzliste nicht sagt, z. B. „kann Spuren von Nüssen enthalten“.',
      },
      { name: 'images', type: 'images', collection: 'images' },
      { name: 'tags', type: 'refs', collection: 'tags' },
      custom('placements', 'placements', 'im Speisekarten-Editor'),
      { name: 'unit', type: 'select', options: UNIT_OPTIONS, group: 'Menge und Einheit' },
      { name: 'minimumQuantity', type: 'number', step: 0.001, group: 'Menge und Einheit' },
      { name: 'maximumQuantity', type: 'number', step: 0.001, group: 'Menge und Einheit' },
      { name: 'quantityStepSize', type: 'number', step: 0.001, group: 'Menge und Einheit' },
      { name: 'defaultQuantity', type: 'number', step: 0.001, group: 'Menge und Einheit' },
      { name: 'defaultUnit', type: 'select', options: UNIT_OPTIONS, group: 'Menge und Einheit' },
      {
        name: 'pricing',
        type: 'select',
        options: options({ unit: 'je Einheit', base: 'je Grundeinheit' }),
        group: 'Menge und Einheit',
      },
      { name: 'netQuantity', type: 'number', step: 0.001, group: 'Menge und Einheit' },
      {
        name: 'netQuantityUnit',
        type: 'select',
        options: NET_QUANTITY_UNIT_OPTIONS,
        group: 'Menge und Einheit',
      },
      {
        name: 'calculationModel',
        type: 'select',
        options: options({ fixed: 'Fix', approximate: 'Ungefähr', minimum: 'Mindestens' }),
        group: 'Menge und Einheit',
      },
      custom('alternativeUnits', 'productUnits', 'im Einheiten-Editor', 'Menge und Einheit'),
      ...(['tax', 'takeawayTax', 'dineInTax'] as const).map((name): FieldDescription => ({
        name,
        type: 'number',
        step: 0.01,
        group: 'Steuern',
        presets: vatRates,
      })),
      { name: 'isEnabled', type: 'boolean', group: 'Verfügbarkeit' },
      { name: 'isVisibleWhenUnavailable', type: 'boolean', group: 'Verfügbarkeit' },
      custom('schedule', 'schedule', 'im Zeitplan-Editor', 'Verfügbarkeit'),
      { name: 'isLeadTimeEnabled', type: 'boolean', group: 'Verfügbarkeit' },
      {
        name: 'leadTimeType',
        type: 'select',
        options: options({ minutes: 'Minuten', hours: 'Stunden', days: 'Tage', weeks: 'Wochen' }),
        group: 'Verfügbarkeit',
      },
      { name: 'leadTimeValue', type: 'number', step: 1, group: 'Verfügbarkeit' },
      { name: 'isWithdrawalExempt', type: 'boolean', group: 'Verfügbarkeit' },
      { name: 'isStepByStep', type: 'boolean', group: 'Auswahlteile' },
      custom('config', 'productParts', 'im Auswahlteile-Editor', 'Auswahlteile'),
      { name: 'position', type: 'number', step: 1 },
    ],
    columns: [
      { field: 'name' },
      { field: 'price', format: 'money' },
      { field: 'type', format: 'option' },
      { field: 'isEnabled' },
    ],
    filters: [
      { param: 'category', label: 'Kategorie', type: 'ref', collection: 'categories' },
      { param: 'tag', label: 'Tag', type: 'ref', collection: 'tags' },
      { param: 'isEnabled', label: 'Aktiv', type: 'boolean' },
    ],
    searchable: true,
    sortable: ['name', 'price', 'position'],
    defaultSort: 'position',
  },
  {
    collection: 'option-groups',
    path: 'option-groups',
    area: 'catalog',
    permission: 'catalog',
    plural: ENTITY_NAMES['option-groups'].plural,
    singular: ENTITY_NAMES['option-groups'].singular,
    // A group is defined once ("Pizza-Toppings") and inserted into products; most are optional extras.
    newValues: () => ({
      part: {
        name: '',
        type: 'multiselect',
        optional: true,
        options: [{ name: '', modifier: 'add', value: 0 }],
      },
    }),
    fields: [
      {
        name: 'name',
        type: 'text',
        hint: 'Nur im Backoffice sichtbar. Kunden sehen den Namen des Teils.',
      },
      {
        ...custom('part', 'optionGroupPart', 'im Auswahlteile-Editor'),
        hint: 'Änderungen gelten beim Speichern für alle Produkte, die diese Vorlage verwenden.',
      },
    ],
    columns: [{ field: 'name' }, { field: 'productCount', label: 'Verwendet in Produkten' }],
    searchable: true,
    sortable: ['name'],
    defaultSort: 'name',
  },
  {
    collection: 'categories',
    path: 'categories',
    area: 'catalog',
    permission: 'catalog',
    plural: 'Kategorien',
    singular: 'Kategorie',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'description', type: 'wysiwyg' },
      ...englishFields(),
      { name: 'image', type: 'image', collection: 'images' },
      { name: 'isEnabled', type: 'boolean' },
      { name: 'isVisibleWhenUnavailable', type: 'boolean' },
      { name: 'isBundle', type: 'boolean' },
      { name: 'isWithdrawalExempt', type: 'boolean' },
      {
        name: 'upsellProducts',
        type: 'refs',
        collection: 'products',
        hint: 'Nach dem Hinzufügen eines Produkts dieser Kategorie fragt der Kiosk einmal: „Darf es noch etwas dazu sein?“',
      },
      custom('schedule', 'schedule', 'im Zeitplan-Editor'),
      { name: 'position', type: 'number', step: 1 },
    ],
    columns: [{ field: 'name' }, { field: 'isEnabled' }, { field: 'position' }],
    filters: [
      { param: 'isEnabled', label: 'Aktiv', type: 'boolean' },
      { param: 'isBundle', label: 'Bundle', type: 'boolean' },
    ],
    searchable: true,
    sortable: ['name', 'position'],
    defaultSort: 'position',
  },
  {
    collection: 'menus',
    path: 'menus',
    area: 'catalog',
    permission: 'catalog',
    plural: 'Produktkataloge',
    singular: 'Produktkatalog',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'availableFrom', type: 'datetime' },
      { name: 'branches', type: 'refs', collection: 'branches' },
      custom('catalog', 'menuCatalog', 'im Katalog-Editor (Kategorien und Produkte per Drag and Drop)'),
    ],
    columns: [
      { field: 'name' },
      { field: 'availableFrom', format: 'datetime' },
      { field: 'branches', format: 'ref' },
    ],
    filters: [{ param: 'branch', label: 'Filiale', type: 'ref', collection: 'branches' }],
    searchable: true,
    sortable: ['name', 'availableFrom'],
    defaultSort: '-availableFrom',
    titleOf: (row) => String(row.name || `Katalog ab ${day(row.availableFrom)}`),
  },
  {
    collection: 'tags',
    path: 'tags',
    area: 'catalog',
    permission: 'catalog',
    plural: 'Tags',
    singular: 'Tag',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'image', type: 'image', collection: 'images' },
    ],
    columns: [{ field: 'name' }, { field: 'image', format: 'ref' }],
    searchable: true,
    sortable: ['name'],
    defaultSort: 'name',
  },
  // Filialen
  {
    collection: 'branches',
    path: 'branches',
    area: 'branches',
    permission: 'organisation',
    plural: 'Filialen',
    singular: 'Filiale',
    // A new branch's time zone is the market's (DE Europe/Berlin, AT Europe/Vienna); the server does the same.
    newValues: (market) => ({ timeZone: market.timeZone }),
    fields: [
      { name: 'name', type: 'text' },
      { name: 'identifier', type: 'text', hint: 'Teil der Adresse: /store/kennung' },
      { name: 'division', type: 'ref', collection: 'divisions' },
      { name: 'isPublic', type: 'boolean' },
      { name: 'street', type: 'text', group: 'Adresse und Kontakt' },
      { name: 'zipCode', type: 'text', group: 'Adresse und Kontakt' },
      { name: 'city', type: 'text', group: 'Adresse und Kontakt' },
      { name: 'phone', type: 'text', group: 'Adresse und Kontakt' },
      { name: 'email', type: 'email', group: 'Adresse und Kontakt' },
      { name: 'latitude', type: 'number', step: 0.000001, group: 'Adresse und Kontakt' },
      { name: 'longitude', type: 'number', step: 0.000001, group: 'Adresse und Kontakt' },
      { name: 'timeZone', type: 'text', group: 'Adresse und Kontakt' },
      { name: 'keywords', type: 'textarea' },
      { name: 'tags', type: 'refs', collection: 'tags' },
      { name: 'logo', type: 'image', collection: 'images' },
      { name: 'images', type: 'images', collection: 'images' },
      custom('openingHours', 'openingHours', 'im Öffnungszeiten-Editor', 'Zeiten'),
      { name: 'isDeliveryHoursEnabled', type: 'boolean', group: 'Zeiten' },
      custom('deliveryHours', 'openingHours', 'im Öffnungszeiten-Editor', 'Zeiten'),
      { name: 'orderableFrom', type: 'datetime', group: 'Zeiten' },
      { name: 'closedMessage', type: 'textarea', group: 'Zeiten' },
      {
        name: 'slotMinutes',
        type: 'select',
        options: [5, 10, 15, 20, 30, 60].map((m) => ({ value: String(m), label: `${m} Minuten` })),
        group: 'Zeiten',
      },
      { name: 'slotCapacity', type: 'number', step: 1, group: 'Zeiten' },
      { name: 'deliverySlotCapacity', type: 'number', step: 1, group: 'Zeiten' },
      { name: 'defaultPreparationMinutes', type: 'number', step: 5, group: 'Zeiten' },
      { name: 'isAutoAcceptEnabled', type: 'boolean', group: 'Zeiten' },
      ...flags('Bestellarten', [
        'isTakeawayEnabled',
        'isDeliveryEnabled',
        'isDineInEnabled',
        'isTableSelectionEnabled',
        'isPreorderEnabled',
        'isAppointmentRequired',
        'isQuotationRequired',
      ]),
      custom('deliveryAreas', 'deliveryAreas', 'im Liefergebiete-Editor', 'Bestellarten'),
      {
        ...custom('tables', 'branchTables', 'unter Filialen › Tische', 'Bestellarten'),
        label: 'Tische mit QR-Codes',
        virtual: true,
      },
      ...flags('Pflichtangaben', [
        'isDeliveryEmailRequired',
        'isDineInEmailRequired',
        'isTakeawayEmailRequired',
        'isDeliveryPhoneRequired',
        'isDineInPhoneRequired',
        'isTakeawayPhoneRequired',
        'isDeliveryAddressRequired',
        'isDineInAddressRequired',
        'isTakeawayAddressRequired',
      ]),
      ...flags('Zahlung', [
        'isCashEnabled',
        'isATMCardEnabled',
        'isHydroAGVoucherEnabled',
        'isMollieEnabled',
        'isDatatransEnabled',
      ]),
    ],
    columns: [{ field: 'name' }, { field: 'identifier' }, { field: 'city' }, { field: 'isPublic' }],
    filters: [
      { param: 'division', label: 'Organisation', type: 'ref', collection: 'divisions' },
      { param: 'tag', label: 'Tag', type: 'ref', collection: 'tags' },
    ],
    searchable: true,
    sortable: ['name', 'identifier', 'city', 'zipCode'],
    defaultSort: 'name',
  },
  {
    collection: 'tables',
    path: 'tables',
    area: 'branches',
    permission: 'tables',
    plural: 'Tische',
    singular: 'Tisch',
    fields: [
      { name: 'branch', type: 'ref', collection: 'branches' },
      custom('identifier', 'tableQr', 'mit dem QR-Code des Tisches'),
    ],
    columns: [{ field: 'identifier' }, { field: 'branch', format: 'ref' }],
    filters: [{ param: 'branch', label: 'Filiale', type: 'ref', collection: 'branches' }],
    searchable: true,
    sortable: ['identifier'],
    defaultSort: 'identifier',
    titleOf: (row) => `Tisch ${String(row.identifier)}`,
    // The whole branch's QR codes on one printable sheet (editors/tables/TableQrSheetPage.tsx).
    listLinks: [
      {
        label: 'QR-Codes drucken',
        to: (filters) =>
          `/backend/branches/tables/qr-codes${filters.branch ? `?branch=${encodeURIComponent(filters.branch)}` : ''}`,
      },
    ],
  },
  {
    // Preparation stations of the kitchen display (docs/decisions/kitchen.md); the display itself is
    // /kitchen/{branchId}/{stationId}.
    collection: 'preparation-stations',
    path: 'preparation-stations',
    area: 'branches',
    permission: 'organisation',
    plural: 'Küchenstationen',
    singular: 'Küchenstation',
    fields: [
      { name: 'branch', type: 'ref', collection: 'branches' },
      { name: 'name', type: 'text' },
      { name: 'categories', type: 'refs', collection: 'categories' },
      { name: 'products', type: 'refs', collection: 'products' },
      { name: 'isExpeditor', type: 'boolean' },
      { name: 'position', type: 'number' },
    ],
    columns: [{ field: 'name' }, { field: 'branch', format: 'ref' }, { field: 'isExpeditor' }],
    filters: [{ param: 'branch', label: 'Filiale', type: 'ref', collection: 'branches' }],
    searchable: true,
    sortable: ['name', 'position'],
    defaultSort: 'position',
  },
  {
    collection: 'divisions',
    path: 'divisions',
    area: 'branches',
    permission: 'organisation',
    plural: 'Organisationen',
    singular: 'Organisation',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'identifier', type: 'text' },
      { name: 'description', type: 'textarea' },
    ],
    columns: [{ field: 'name' }, { field: 'identifier' }],
    searchable: true,
    sortable: ['name', 'identifier'],
    defaultSort: 'name',
  },
  {
    collection: 'departments',
    path: 'departments',
    area: 'branches',
    permission: 'organisation',
    plural: 'Abteilungen',
    singular: 'Abteilung',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'identifier', type: 'text' },
      { name: 'branch', type: 'ref', collection: 'branches' },
      { name: 'division', type: 'ref', collection: 'divisions' },
      { name: 'description', type: 'textarea' },
    ],
    columns: [{ field: 'name' }, { field: 'branch', format: 'ref' }, { field: 'identifier' }],
    filters: [
      { param: 'branch', label: 'Filiale', type: 'ref', collection: 'branches' },
      { param: 'division', label: 'Organisation', type: 'ref', collection: 'divisions' },
    ],
    searchable: true,
    sortable: ['name', 'identifier'],
    defaultSort: 'name',
  },
  // Inhalte
  {
    collection: 'sites',
    path: 'sites',
    area: 'content',
    permission: 'content',
    plural: 'Seiten',
    singular: 'Seite',
    fields: [
      { name: 'path', type: 'text', hint: 'leer für die Startseite, sonst z. B. ueber-uns' },
      { name: 'title', type: 'text' },
      {
        name: 'type',
        type: 'select',
        options: options({ default: 'Standardseite', custom_site: 'Aus Blöcken' }),
      },
      { name: 'isPublic', type: 'boolean' },
      custom('content', 'siteContent', 'im Block-Editor'),
    ],
    columns: [
      { field: 'path' },
      { field: 'title' },
      { field: 'type', format: 'option' },
      { field: 'isPublic' },
    ],
    filters: [
      {
        param: 'type',
        label: 'Seitentyp',
        type: 'select',
        options: options({ default: 'Standardseite', custom_site: 'Aus Blöcken' }),
      },
      { param: 'isPublic', label: 'Öffentlich', type: 'boolean' },
    ],
    searchable: true,
    sortable: ['path', 'title', 'type'],
    defaultSort: 'path',
    titleOf: (row) => String(row.title || `/${String(row.path ?? '')}`),
  },
  {
    collection: 'blocks',
    path: 'blocks',
    area: 'content',
    permission: 'content',
    plural: 'Inhalte',
    singular: 'Inhalt',
    fields: [
      { name: 'identifier', type: 'text' },
      { name: 'type', type: 'select', options: options(BLOCK_TYPE_LABELS) },
      { name: 'isEnabled', type: 'boolean' },
      { name: 'isPublic', type: 'boolean' },
      { name: 'position', type: 'number', step: 1 },
      custom('content', 'blockContent', 'im Block-Editor'),
    ],
    columns: [
      { field: 'identifier' },
      { field: 'type', format: 'option' },
      { field: 'isEnabled' },
      { field: 'isPublic' },
    ],
    filters: [
      { param: 'type', label: 'Blocktyp', type: 'select', options: options(BLOCK_TYPE_LABELS) },
      { param: 'isEnabled', label: 'Aktiv', type: 'boolean' },
    ],
    searchable: true,
    sortable: ['identifier', 'type', 'position'],
    defaultSort: 'position',
  },
  {
    collection: 'navigations',
    path: 'navigations',
    area: 'content',
    permission: 'content',
    plural: 'Navigationen',
    singular: 'Navigation',
    fields: [
      { name: 'identifier', type: 'text' },
      { name: 'name', type: 'text' },
      custom('items', 'navigationTree', 'im Navigations-Editor (Baum per Drag and Drop)'),
    ],
    columns: [{ field: 'identifier' }, { field: 'name' }],
    searchable: true,
    sortable: ['identifier', 'name'],
    defaultSort: 'identifier',
  },
  {
    collection: 'donatees',
    path: 'donatees',
    area: 'content',
    permission: 'content',
    plural: 'Spendenempfänger',
    singular: 'Spendenempfänger',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'identifier', type: 'text' },
      { name: 'description', type: 'markdown' },
      { name: 'image', type: 'image', collection: 'images' },
    ],
    columns: [{ field: 'name' }, { field: 'identifier' }],
    searchable: true,
    sortable: ['name', 'identifier'],
    defaultSort: 'name',
  },
  // Medien
  {
    collection: 'images',
    path: 'images',
    area: 'media',
    permission: 'media',
    plural: 'Bilder',
    singular: 'Bild',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'alt', type: 'text' },
      { ...custom('data', 'imageUpload', 'im Upload-Editor (Datei per Drag and Drop)'), createOnly: true },
    ],
    columns: [{ field: 'name' }, { field: 'alt' }, { field: 'extension', label: 'Format' }],
    searchable: true,
    sortable: ['name', 'size', 'width', 'height'],
    defaultSort: '-createdAt',
  },
  {
    collection: 'uploads',
    path: 'uploads',
    area: 'media',
    permission: 'media',
    plural: 'Uploads',
    singular: 'Upload',
    fields: [
      { name: 'name', type: 'text' },
      { ...custom('data', 'upload', 'im Upload-Editor (Datei per Drag and Drop)'), createOnly: true },
    ],
    columns: [
      { field: 'name' },
      { field: 'extension', label: 'Format' },
      { field: 'mimeType', label: 'Dateityp' },
      { field: 'size', label: 'Größe', format: 'bytes' },
      // Read from the container on upload (videos only).
      { field: 'duration', label: 'Länge', format: 'seconds' },
    ],
    searchable: true,
    sortable: ['name', 'size', 'extension'],
    defaultSort: '-createdAt',
  },
  {
    collection: 'image-templates',
    path: 'image-templates',
    area: 'media',
    permission: 'media',
    plural: 'Bildvorlagen',
    singular: 'Bildvorlage',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'identifier', type: 'text' },
      { name: 'width', type: 'number', step: 1 },
      { name: 'height', type: 'number', step: 1 },
      { name: 'background', type: 'text', hint: 'z. B. #ffffff' },
      {
        name: 'isPublished',
        type: 'boolean',
        hint: 'Veröffentlicht: Bildschirme dürfen sie ohne Anmeldung abrufen',
      },
      custom('layers', 'imageLayers', 'im Ebenen-Editor'),
    ],
    columns: [{ field: 'name' }, { field: 'identifier' }, { field: 'width' }, { field: 'height' }],
    searchable: true,
    sortable: ['name', 'identifier', 'width', 'height'],
    defaultSort: 'name',
  },
  {
    collection: 'fonts',
    path: 'fonts',
    area: 'media',
    permission: 'media',
    plural: 'Schriftarten',
    singular: 'Schriftart',
    fields: [
      { name: 'family', type: 'text' },
      { name: 'variant', type: 'text', hint: 'regular, italic, 100 bis 900, z. B. 700italic' },
      { name: 'upload', type: 'ref', collection: 'uploads' },
    ],
    columns: [{ field: 'family' }, { field: 'variant' }],
    searchable: true,
    sortable: ['family', 'variant'],
    defaultSort: 'family',
    titleOf: (row) => `${String(row.family)} ${String(row.variant ?? '')}`.trim(),
  },
  // Personal & Zeiterfassung
  workingActivities(marketProfile(DEFAULT_MARKET)),
  {
    collection: 'working-schedules',
    path: 'working-schedules',
    area: 'staff',
    permission: 'time-tracking',
    plural: 'Planung',
    singular: 'Planung',
    fields: [
      { name: 'user', type: 'ref', collection: 'users' },
      { name: 'branch', type: 'ref', collection: 'branches' },
      { name: 'department', type: 'ref', collection: 'departments' },
      { name: 'startsAt', type: 'datetime' },
      { name: 'endsAt', type: 'datetime' },
      { name: 'comment', type: 'textarea' },
    ],
    columns: [
      { field: 'user', format: 'ref' },
      { field: 'branch', format: 'ref' },
      { field: 'startsAt', format: 'datetime' },
      { field: 'endsAt', format: 'datetime' },
    ],
    filters: [
      { param: 'user', label: 'Mitarbeiter', type: 'ref', collection: 'users' },
      { param: 'branch', label: 'Filiale', type: 'ref', collection: 'branches' },
    ],
    searchable: true,
    sortable: ['startsAt', 'endsAt'],
    defaultSort: 'startsAt',
    titleOf: (row) => `Planung vom ${day(row.startsAt)}`,
  },
  {
    collection: 'projects',
    path: 'projects',
    area: 'staff',
    permission: 'projects',
    plural: 'Projekte',
    singular: 'Projekt',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'number', type: 'text' },
      { name: 'status', type: 'select', options: PROJECT_STATUS },
      { name: 'isEnabled', type: 'boolean' },
      { name: 'customerName', type: 'text', group: 'Kunde' },
      { name: 'customerContact', type: 'text', group: 'Kunde' },
      { name: 'street', type: 'text', group: 'Kunde' },
      { name: 'zipCode', type: 'text', group: 'Kunde' },
      { name: 'city', type: 'text', group: 'Kunde' },
      { name: 'startDate', type: 'date' },
      { name: 'endDate', type: 'date' },
      { name: 'branch', type: 'ref', collection: 'branches' },
      { name: 'division', type: 'ref', collection: 'divisions' },
      { name: 'description', type: 'textarea' },
    ],
    columns: [
      { field: 'name' },
      { field: 'number' },
      { field: 'customerName' },
      { field: 'status', format: 'option' },
    ],
    filters: [
      { param: 'status', label: 'Status', type: 'select', options: PROJECT_STATUS },
      { param: 'branch', label: 'Filiale', type: 'ref', collection: 'branches' },
    ],
    searchable: true,
    sortable: ['name', 'number', 'status', 'startDate', 'endDate', 'customerName'],
    defaultSort: '-createdAt',
  },
  {
    collection: 'tasks',
    path: 'tasks',
    area: 'staff',
    permission: 'projects',
    plural: 'Aufgaben',
    singular: 'Aufgabe',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'project', type: 'ref', collection: 'projects' },
      { name: 'status', type: 'select', options: TASK_STATUS },
      { name: 'assignee', type: 'ref', collection: 'users' },
      { name: 'dueDate', type: 'date' },
      { name: 'estimatedHours', type: 'number', step: 0.25 },
      { name: 'position', type: 'number', step: 1 },
      { name: 'description', type: 'textarea' },
    ],
    columns: [
      { field: 'name' },
      { field: 'project', format: 'ref' },
      { field: 'status', format: 'option' },
      { field: 'dueDate', format: 'date' },
    ],
    filters: [
      { param: 'project', label: 'Projekt', type: 'ref', collection: 'projects' },
      { param: 'status', label: 'Status', type: 'select', options: TASK_STATUS },
      { param: 'assignee', label: 'Zuständig', type: 'ref', collection: 'users' },
    ],
    searchable: true,
    sortable: ['name', 'status', 'dueDate', 'position'],
    defaultSort: 'position',
    notEdited: { isDone: 'the contract’s flag for clients without a status; the form sets the status' },
  },
  // Digital Signage
  {
    collection: 'digital-signage-segments',
    path: 'segments',
    area: 'signage',
    permission: 'signage',
    plural: 'Filmsequenzen',
    singular: 'Filmsequenz',
    fields: [
      { name: 'name', type: 'text' },
      {
        name: 'type',
        type: 'select',
        options: options({ image: 'Bild', video: 'Video', template: 'Bildvorlage' }),
      },
      { name: 'image', type: 'image', collection: 'images' },
      { name: 'video', type: 'ref', collection: 'uploads' },
      {
        name: 'template',
        type: 'ref',
        collection: 'image-templates',
        group: 'Bildvorlage',
        hint: 'nur veröffentlichte Vorlagen; der Bildschirm zeigt sie mit den Werten darunter',
      },
      {
        name: 'templateProduct',
        type: 'ref',
        collection: 'products',
        group: 'Bildvorlage',
        hint: 'für {product.name} und {product.price}',
      },
      {
        name: 'templateBranch',
        type: 'ref',
        collection: 'branches',
        group: 'Bildvorlage',
        hint: 'für {branch.name}',
      },
      { name: 'templateText', type: 'text', group: 'Bildvorlage', hint: 'für {text}' },
      { name: 'duration', type: 'number', step: 1, hint: 'bei Bildern und Bildvorlagen erforderlich' },
      { name: 'validFrom', type: 'datetime' },
      { name: 'validUntil', type: 'datetime' },
      { name: 'isEnabled', type: 'boolean' },
    ],
    columns: [
      { field: 'name' },
      { field: 'type', format: 'option' },
      { field: 'duration' },
      { field: 'isEnabled' },
    ],
    filters: [{ param: 'isEnabled', label: 'Aktiv', type: 'boolean' }],
    searchable: true,
    sortable: ['name', 'type', 'validFrom', 'validUntil'],
    defaultSort: 'name',
  },
  {
    collection: 'digital-signage-streams',
    path: 'streams',
    area: 'signage',
    permission: 'signage',
    plural: 'Streams',
    singular: 'Stream',
    fields: [
      { name: 'name', type: 'text' },
      { name: 'identifier', type: 'text' },
      {
        name: 'segments',
        type: 'refs',
        collection: 'digital-signage-segments',
        hint: 'in der Reihenfolge der Auswahl',
      },
      { name: 'loop', type: 'boolean' },
    ],
    columns: [{ field: 'name' }, { field: 'identifier' }, { field: 'loop' }],
    searchable: true,
    sortable: ['name', 'identifier'],
    defaultSort: 'name',
  },
  {
    collection: 'digital-signage-devices',
    path: 'tvs',
    area: 'signage',
    permission: 'signage',
    plural: 'TVs',
    singular: 'TV',
    fields: [
      { name: 'identifier', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'branch', type: 'ref', collection: 'branches' },
      { name: 'stream', type: 'ref', collection: 'digital-signage-streams' },
      {
        name: 'orientation',
        type: 'select',
        options: options({ landscape: 'Querformat', portrait: 'Hochformat' }),
      },
      { name: 'resolution', type: 'text', hint: 'BREITExHÖHE, z. B. 1920x1080' },
      {
        ...custom('player', 'signagePlayer', 'mit Player-Adresse und QR-Code'),
        label: 'Player',
        virtual: true,
      },
    ],
    columns: [
      { field: 'identifier' },
      { field: 'name' },
      { field: 'stream', format: 'ref' },
      { field: 'orientation', format: 'option' },
      // Heartbeats of the player within 90 s (docs/decisions/signage.md).
      {
        field: 'connection',
        label: 'Verbindung',
        format: 'option',
        options: [
          { value: 'online', label: 'online' },
          { value: 'offline', label: 'offline' },
        ],
      },
      { field: 'lastSeenAt', label: 'Zuletzt gesehen', format: 'datetime' },
    ],
    filters: [
      { param: 'branch', label: 'Filiale', type: 'ref', collection: 'branches' },
      { param: 'stream', label: 'Stream', type: 'ref', collection: 'digital-signage-streams' },
    ],
    searchable: true,
    sortable: ['identifier', 'name', 'lastSeenAt'],
    defaultSort: 'identifier',
  },
  // Geräte
  {
    collection: 'devices',
    path: 'devices',
    area: 'devices',
    permission: 'devices',
    plural: 'Geräte',
    singular: 'Gerät',
    fields: [
      { name: 'identifier', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'type', type: 'select', options: options(DEVICE_TYPE_LABELS) },
      { name: 'branch', type: 'ref', collection: 'branches' },
      { name: 'isEnabled', type: 'boolean' },
      custom('settings', 'deviceSettings', 'im Geräte-Editor (Drucker, Kopplung)'),
    ],
    columns: [
      { field: 'identifier' },
      { field: 'name' },
      { field: 'type', format: 'option' },
      { field: 'branch', format: 'ref' },
      { field: 'isEnabled' },
      // Heartbeats within 90 s, and the printer as the terminal last reported it (docs/decisions/printing.md).
      {
        field: 'connection',
        label: 'Verbindung',
        format: 'option',
        options: [
          { value: 'online', label: 'online' },
          { value: 'offline', label: 'offline' },
        ],
      },
      // When the last heartbeat came: how long an offline terminal has been gone.
      { field: 'lastSeenAt', label: 'Zuletzt gesehen', format: 'datetime' },
      { field: 'printerStatus', label: 'Drucker', format: 'text' },
    ],
    filters: [
      { param: 'branch', label: 'Filiale', type: 'ref', collection: 'branches' },
      { param: 'type', label: 'Gerätetyp', type: 'select', options: options(DEVICE_TYPE_LABELS) },
    ],
    searchable: true,
    sortable: ['identifier', 'name', 'type', 'lastSeenAt'],
    defaultSort: 'identifier',
  },
  // Einstellungen
  {
    collection: 'users',
    path: 'users',
    area: 'settings',
    permission: 'users',
    plural: 'Benutzer',
    singular: 'Benutzer',
    fields: [
      { name: 'username', type: 'text' },
      { name: 'firstName', type: 'text' },
      { name: 'lastName', type: 'text' },
      { name: 'email', type: 'email' },
      { name: 'roles', type: 'multiselect', options: ROLE_OPTIONS },
      {
        name: 'branches',
        type: 'refs',
        collection: 'branches',
        hint: 'Mitarbeiter sehen nur diese Filialen',
      },
      { name: 'isEnabled', type: 'boolean' },
      { name: 'isLocked', type: 'boolean' },
      { name: 'expiresAt', type: 'datetime' },
      {
        name: 'password',
        type: 'password',
        hint: 'mindestens 10 Zeichen; leer lassen, um es nicht zu ändern',
      },
      {
        ...custom('timeClockPin', 'timeClockPin', 'an der Zeiterfassung'),
        label: 'PIN für die Zeiterfassung',
        virtual: true,
      },
    ],
    columns: [
      { field: 'username' },
      { field: 'firstName' },
      { field: 'lastName' },
      { field: 'email' },
      { field: 'isEnabled' },
    ],
    filters: [{ param: 'role', label: 'Rolle', type: 'select', options: ROLE_OPTIONS }],
    searchable: true,
    sortable: ['username', 'email', 'firstName', 'lastName', 'lastLoginAt'],
    defaultSort: 'username',
  },
  {
    collection: 'logs',
    path: 'logs',
    area: 'settings',
    permission: 'logs',
    plural: 'Logs',
    singular: 'Log',
    fields: [],
    columns: [
      { field: 'createdAt', label: 'Zeitpunkt', format: 'datetime' },
      { field: 'username', label: 'Benutzer' },
      { field: 'action', label: 'Aktion', format: 'option', options: LOG_ACTIONS },
      { field: 'entityType', label: 'Bereich', format: 'collection' },
      { field: 'entityId', label: 'ID' },
    ],
    filters: [
      {
        param: 'action',
        label: 'Aktion',
        type: 'select',
        options: LOG_ACTIONS,
      },
    ],
    readOnly: true,
    noCreate: 'Logs schreibt das System bei jeder Änderung; sie werden nur gelesen.',
  },
];

/** The legal texts the back office offers a market's template for, while the text is empty. */
const LEGAL_TEMPLATES: Record<string, (market: Market, businessName: string) => string> = {
  imprint: imprintTemplate,
  termsAndConditions: termsTemplate,
  privacyPolicy: privacyTemplate,
};

/** The configuration: one object (GET and POST /api/config), its fields grouped; secrets write-only. */
export const CONFIG_DESCRIPTION: EntityDescription = {
  collection: 'config',
  path: 'config',
  area: 'settings',
  permission: 'config',
  plural: 'Konfiguration',
  singular: 'Konfiguration',
  singleton: true,
  // Each field's help text from the register of settings (its label comes from there through FIELD_LABELS).
  fields: (
    [
      { name: 'shopName', type: 'text', group: 'Shop' },
      { name: 'businessName', type: 'text', group: 'Shop' },
      { name: 'title', type: 'text', group: 'Shop' },
      { name: 'description', type: 'wysiwyg', group: 'Shop' },
      { name: 'website', type: 'text', group: 'Shop' },
      { name: 'currency', type: 'text', group: 'Shop' },
      {
        name: 'market',
        type: 'select',
        options: options({ DE: 'Deutschland', AT: 'Österreich' }),
        group: 'Shop',
      },
      {
        name: 'defaultDeliveryMethod',
        type: 'select',
        options: options({ takeaway: 'Abholung', delivery: 'Lieferung', dineIn: 'Vor Ort essen' }),
        group: 'Shop',
      },
      { name: 'disableTickets', type: 'boolean', group: 'Shop' },
      { name: 'headingFont', type: 'select', collection: 'fonts', group: 'Darstellung' },
      { name: 'bodyFont', type: 'select', collection: 'fonts', group: 'Darstellung' },
      { name: 'rejectionReasons', type: 'textarea', rows: 6, group: 'Bestellungen' },
      { name: 'anonymiseOrdersAfterMonths', type: 'number', step: 1, group: 'Datenschutz' },
      { name: 'adPixelId', type: 'text', group: 'Datenschutz' },
      ...['termsAndConditions', 'privacyPolicy', 'imprint', 'allergens', 'withdrawalPolicy'].flatMap(
        (key): FieldDescription[] => [
          { name: key, type: 'text', group: 'Rechtliches' },
          {
            name: `${key}Text`,
            type: 'markdown',
            group: 'Rechtliches',
            ...(key in LEGAL_TEMPLATES
              ? {
                  template: (market: MarketProfile, values: Record<string, unknown>) =>
                    LEGAL_TEMPLATES[key]!(market.market, String(values.businessName ?? '')),
                }
              : {}),
          },
        ],
      ),
      ...flags('Zahlungsarten', [
        'enableCash',
        'enableATMCard',
        'enableMollie',
        'enableDatatrans',
        'enableHydroAGVoucher',
      ]),
      ...flags('Plugins', [
        'enablePluginHomePage',
        'enablePluginSearch',
        'enablePluginTags',
        'enablePluginCategoryBar',
        'enablePluginPWA',
        'enablePluginToolbar',
        'enablePluginSMS',
        'enablePluginDonations',
        'enablePluginOrderReviews',
        'enablePluginRatings',
        'enablePluginFrontdesk',
        'enablePluginCardPayments',
        'enablePluginVoucherPayments',
        'enablePluginOnlinePayments',
      ]),
      { name: 'enablePluginMaps', type: 'boolean', group: 'Karte' },
      { name: 'mapZoom', type: 'number', step: 0.5, group: 'Karte' },
      { name: 'mapPitch', type: 'number', step: 1, group: 'Karte' },
      { name: 'mapBearing', type: 'number', step: 1, group: 'Karte' },
      { name: 'mapStyleUrl', type: 'text', group: 'Karte' },
      { name: 'mapAccessToken', type: 'text', group: 'Karte' },
      { name: 'secrets', type: 'secrets', group: 'Zugangsdaten' },
    ] satisfies FieldDescription[]
  ).map((field): FieldDescription => ({ ...field, hint: settingOf('config', field.name)?.help })),
  columns: [],
};

/** Every description, the configuration last. */
export const ALL_DESCRIPTIONS: readonly EntityDescription[] = [...ENTITY_DESCRIPTIONS, CONFIG_DESCRIPTION];

export const YES_NO_OPTIONS = YES_NO;

/** The description of a screen by its area and path. */
export function descriptionAt(area: string, path: string): EntityDescription | undefined {
  return ALL_DESCRIPTIONS.find((d) => d.area === area && d.path === path);
}

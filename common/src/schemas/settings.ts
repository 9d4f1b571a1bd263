/**
 * The register of settings: every field of the shop configuration, every device setting and every switch a
 * screen keeps locally, with its German label, a help text for the back office and the source files that
 * read it to do what the label says. `backend/test/settings-register.spec.ts` walks it: a setting that no
 * listed file reads, or a configuration or device field missing here, fails the build. Adding a setting is
 * one line below (and the code that reads it).
 */

/** Where a setting is stored: the shop configuration, a device's settings by device type, or the browser. */
export type SettingScope =
  | 'config'
  | 'frontdesk'
  | 'kiosk'
  | 'ticket-screen'
  | 'printer'
  | 'signage'
  | 'kitchen-display'
  | 'backoffice'
  | 'local';

/** One setting of the register. */
export interface SettingEntry {
  readonly scope: SettingScope;
  /** The field's name in its scope (`enablePluginRatings`, `idleTimeoutSeconds`). */
  readonly key: string;
  /** The German label the back office shows. */
  readonly label: string;
  /** One German sentence: what changes when it is set. */
  readonly help: string;
  /** Repository-relative source files that read the setting to make it effective. */
  readonly readBy: readonly string[];
}

const entry =
  (scope: SettingScope) =>
  (key: string, label: string, help: string, ...readBy: string[]): SettingEntry => ({
    scope,
    key,
    label,
    help,
    readBy,
  });
const config = entry('config');
const frontdesk = entry('frontdesk');
const kiosk = entry('kiosk');
const ticketScreen = entry('ticket-screen');
const local = entry('local');

const W = 'web/src/';
const B = 'backend/src/';
const checkout = 'common/src/checkout.ts';
const orderCheckout = `${B}orders/order-checkout.ts`;
const legal = `${W}storefront/content/legal.ts`;
const maps = `${W}storefront/content/maps/mapOptions.ts`;
const terminal = 'desktop/src/main/terminal/terminal.ts';

/** Every setting, by scope. */
export const SETTINGS: readonly SettingEntry[] = [
  config(
    'shopName',
    'Shopname',
    'Name im Kopf der Seiten, in E-Mails und auf Bestellbons.',
    `${W}stores/UiStore.ts`,
  ),
  config(
    'businessName',
    'Firmenname',
    'Rechtlicher Name im Fußbereich und auf Belegen.',
    `${W}stores/UiStore.ts`,
  ),
  config('currency', 'Währung', 'Währung aller Preise (ISO-Code, z. B. EUR).', orderCheckout),
  config(
    'termsAndConditions',
    'AGB (Link)',
    'Externe Adresse der AGB, wenn kein Text hinterlegt ist.',
    legal,
  ),
  config(
    'termsAndConditionsText',
    'AGB (Text)',
    'Die AGB als Text; er ersetzt den Link. Leer bietet das Formular die Vorlage des Markts an; ihre Lücken „[BITTE AUSFÜLLEN: …]“ ausfüllen, „[OPTIONAL: …]“ behalten oder löschen. Keine Rechtsberatung: vor dem Speichern prüfen (lassen).',
    legal,
  ),
  config('privacyPolicy', 'Datenschutz (Link)', 'Externe Adresse der Datenschutzerklärung.', legal),
  config(
    'privacyPolicyText',
    'Datenschutz (Text)',
    'Die Datenschutzerklärung als Text. Leer bietet das Formular die Vorlage des Markts an; ihre Lücken „[BITTE AUSFÜLLEN: …]“ ausfüllen, „[OPTIONAL: …]“ behalten oder löschen. Keine Rechtsberatung: vor dem Speichern prüfen (lassen).',
    legal,
  ),
  config('imprint', 'Impressum (Link)', 'Externe Adresse des Impressums.', legal),
  config(
    'imprintText',
    'Impressum (Text)',
    'Das Impressum als Text. Leer bietet das Formular die Vorlage des Markts an; ihre Lücken „[BITTE AUSFÜLLEN: …]“ vor dem Speichern ausfüllen oder löschen.',
    legal,
  ),
  config('allergens', 'Allergene (Link)', 'Externe Adresse der Allergenliste.', legal),
  config('allergensText', 'Allergene (Text)', 'Die Allergenliste als Text.', legal),
  config(
    'withdrawalPolicy',
    'Widerrufsbelehrung (Link)',
    'Externe Adresse der Widerrufsbelehrung; ohne Link und Text gilt die Mustertext-Vorlage des Markts.',
    legal,
  ),
  config(
    'withdrawalPolicyText',
    'Widerrufsbelehrung (Text)',
    'Die Widerrufsbelehrung mit Muster-Widerrufsformular als Text.',
    legal,
  ),
  config(
    'enablePluginPWA',
    'App-Installation (PWA)',
    'Bietet die Installation als App an; aus: keine Aufforderung, Service Worker werden entfernt.',
    `${W}storefront/StorefrontShell.tsx`,
  ),
  config(
    'enablePluginToolbar',
    'Werkzeugleiste',
    'Zeigt die Werkzeugleiste über dem Sortiment.',
    `${W}storefront/components/Toolbar.tsx`,
  ),
  config('enablePluginMaps', 'Karte', 'Zeigt die Karte der Filialen (nach Zustimmung zu Cookies).', maps),
  config('mapZoom', 'Karte: Zoom', 'Anfangszoom der Karte (0–22).', maps),
  config('mapPitch', 'Karte: Neigung', 'Neigung der Karte in Grad (0–85).', maps),
  config('mapBearing', 'Karte: Ausrichtung', 'Drehung der Karte in Grad (−180–180).', maps),
  config(
    'mapStyleUrl',
    'Karte: Stil-Adresse',
    'MapLibre-Stil; {token} steht für den Zugangsschlüssel.',
    maps,
  ),
  config('mapAccessToken', 'Karte: Zugangsschlüssel', 'Öffentlicher Schlüssel des Kartenanbieters.', maps),
  config('enableCash', 'Barzahlung', 'Barzahlung anbieten (wenn auch die Filiale sie erlaubt).', checkout),
  config(
    'enableATMCard',
    'Kartenzahlung vor Ort',
    'Kartenzahlung bei Abholung oder Lieferung (braucht das Plugin Kartenzahlung).',
    checkout,
  ),
  config('enableMollie', 'Mollie', 'Onlinezahlung über Mollie (braucht das Plugin Onlinezahlung).', checkout),
  config(
    'enableDatatrans',
    'Datatrans',
    'Onlinezahlung über Datatrans (braucht das Plugin Onlinezahlung).',
    checkout,
  ),
  config(
    'enableHydroAGVoucher',
    'Gutschein',
    'Zahlung mit Gutschein (braucht das Plugin Gutscheinzahlung).',
    checkout,
  ),
  config(
    'enablePluginSMS',
    'SMS',
    'Sendet Kundinnen und Kunden SMS zum Stand der Bestellung.',
    `${B}orders/orders.service.ts`,
    `${B}notifications/order-notifications.ts`,
  ),
  config(
    'enablePluginDonations',
    'Spenden',
    'Bietet im Checkout eine Spende an.',
    `${W}storefront/stores/checkout/DonationChoice.ts`,
    `${B}orders/order-checkout.ts`,
  ),
  config(
    'enablePluginOrderReviews',
    'Bewertungen der Bestellung',
    'Fragt nach Abschluss der Bestellung auf der Statusseite nach einer Bewertung.',
    `${W}storefront/stores/OrderStatusStore.ts`,
  ),
  config(
    'enablePluginFrontdesk',
    'Abholbildschirm',
    'Schaltet den Abholbildschirm und die Thekenansicht frei; aus: beide sind gesperrt.',
    `${B}orders/ticket-screen.ts`,
  ),
  config(
    'enablePluginHomePage',
    'Startseite',
    'Zeigt die Startseite mit Titel und Beschreibung statt der Filialliste.',
    `${W}storefront/content/pages/HomeRoute.tsx`,
  ),
  config(
    'enablePluginSearch',
    'Suche',
    'Zeigt die Suche in der Filialliste.',
    `${W}storefront/stores/BranchStore.ts`,
  ),
  config(
    'enablePluginTags',
    'Tags',
    'Zeigt die Tag-Filter in der Filialliste.',
    `${W}storefront/stores/BranchStore.ts`,
  ),
  config(
    'enablePluginCategoryBar',
    'Kategorieleiste',
    'Zeigt die Leiste der Kategorien über dem Sortiment.',
    `${W}storefront/stores/CatalogStore.ts`,
  ),
  config(
    'enablePluginRatings',
    'Bewertungen',
    'Zeigt die durchschnittliche Bewertung der Kundinnen und Kunden bei jeder Filiale (Filialliste und Filialseite).',
    `${W}storefront/stores/BranchStore.ts`,
    `${B}init/init.service.ts`,
  ),
  config(
    'enablePluginCardPayments',
    'Kartenzahlung',
    'Schaltet die Kartenzahlung vor Ort frei; aus: weder angeboten noch angenommen.',
    checkout,
  ),
  config(
    'enablePluginVoucherPayments',
    'Gutscheinzahlung',
    'Schaltet die Zahlung mit Gutschein frei; aus: weder angeboten noch angenommen.',
    checkout,
  ),
  config(
    'enablePluginOnlinePayments',
    'Onlinezahlung',
    'Schaltet Mollie und Datatrans frei; aus: weder angeboten noch angenommen.',
    checkout,
  ),
  config('disableTickets', 'Keine Abholnummern', 'Bestellungen bekommen keine Abholnummer.', orderCheckout),
  config(
    'market',
    'Markt (Land)',
    'Setzt die Vorwahl für Telefon-, WhatsApp- und SMS-Nummern, das Telefonbeispiel, die Zeitzone neuer Filialen, die Steuersätze im Produktformular und Begriffe wie „EC-Karte / Girocard“ oder „Bankomatkarte“, „Kasse“ oder „Kassa“, „Treppenhaus“ oder „Stiege“, „Krankmeldung“ oder „Krankenstand“.',
    `${W}storefront/stores/InitDataStore.ts`,
    `${B}notifications/order-notifications.ts`,
    `${B}branches/branch.resource.ts`,
    `${W}backoffice/entities/EntityFormPage.tsx`,
  ),
  config(
    'adPixelId',
    'Werbe-Pixel (Meta-Pixel-ID)',
    'Lädt das Meta-Pixel (Seitenaufrufe und Käufe) nur nach Einwilligung in „Marketing“; leer = kein Pixel, und die Cookie-Einstellungen bieten „Marketing“ nicht an.',
    'common/src/ad-pixel.ts',
    `${W}storefront/content/marketing/AdPixelStore.ts`,
  ),
  config(
    'headingFont',
    'Schriftart der Überschriften',
    'Familie einer Schriftart (Medien → Schriftarten, Variante „regular“) für die Überschriften von Shop und Kiosk, von der eigenen Adresse geladen; leer = Systemschrift.',
    `${B}config/shop-config.service.ts`,
    `${W}shell/fonts.ts`,
  ),
  config(
    'bodyFont',
    'Schriftart des Fließtexts',
    'Familie einer Schriftart für den übrigen Text von Shop und Kiosk; leer = Systemschrift.',
    `${B}config/shop-config.service.ts`,
    `${W}shell/fonts.ts`,
  ),
  config(
    'anonymiseOrdersAfterMonths',
    'Personenbezogene Daten anonymisieren nach (Monaten)',
    'Abgeschlossene, abgelehnte und stornierte Bestellungen, ab dem Bestelldatum: Name, Kontakt, Adresse und Kommentare werden entfernt; Beträge, Datum und Artikel bleiben. Leer = nie.',
    `${B}privacy/privacy.service.ts`,
  ),
  config(
    'rejectionReasons',
    'Ablehnungsgründe',
    'Ein Grund pro Zeile: Beim Ablehnen einer Bestellung wählt das Personal einen davon oder schreibt einen anderen; der Kunde liest ihn auf der Statusseite und in der E-Mail.',
    `${W}backoffice/orders/OrderBoardPage.tsx`,
  ),
  config('title', 'Titel', 'Überschrift der Startseite.', `${W}storefront/content/pages/HomeVariantA.tsx`),
  config(
    'description',
    'Beschreibung',
    'Text der Startseite.',
    `${W}storefront/content/pages/HomeVariantA.tsx`,
  ),
  config(
    'website',
    'Website',
    'Link zur eigenen Website auf der Startseite.',
    `${W}storefront/content/pages/HomeVariantA.tsx`,
  ),
  config(
    'defaultDeliveryMethod',
    'Standard-Bestellart',
    'Vorgewählte Bestellart, wenn die Filiale sie anbietet.',
    `${W}storefront/stores/CartStore.ts`,
  ),
  config(
    'secrets',
    'Zugangsdaten',
    'Schlüssel der Zahlungs- und SMS-Anbieter; nur schreibbar.',
    `${B}payments/payment-settings.ts`,
  ),

  frontdesk('printer', 'Bondrucker', 'Der Netzwerkdrucker dieser Theke.', terminal),
  frontdesk(
    'autoPrint',
    'Bestellbon sofort drucken',
    'Neue Bestellungen druckt diese Theke von selbst; aus: nur auf Anforderung vom Board.',
    `${B}printing/print-rules.ts`,
  ),
  frontdesk(
    'notificationSound',
    'Ton bei neuen Bestellungen',
    'Das Board dieser Theke spielt bei neuen Bestellungen einen Ton; aus: kein Ton und keine Frage danach.',
    `${W}backoffice/orders/counterDevice.ts`,
    `${W}backoffice/frontdesk/CounterBoardPage.tsx`,
  ),
  frontdesk(
    'pinMemorySeconds',
    'PIN merken (Sekunden)',
    'So lange handelt die Thekenansicht nach einer PIN ohne neue Eingabe; 0: jede Aktion fragt nach der PIN.',
    `${W}backoffice/frontdesk/CounterBoardPage.tsx`,
  ),
  kiosk('printer', 'Bondrucker', 'Der Netzwerkdrucker dieses Kiosks.', terminal),
  kiosk(
    'idleTimeoutSeconds',
    'Zeit bis zum Bildschirmschoner (Sekunden)',
    'Nach so viel Ruhe zeigt der Kiosk den Bildschirmschoner, mitten in einer Bestellung erst „Sind Sie noch da?“.',
    `${W}kiosk/KioskStore.ts`,
  ),
  kiosk('orderModes', 'Bestellarten', 'Welche Bestellarten der Kiosk anbietet.', `${W}kiosk/KioskStore.ts`),
  kiosk(
    'mollieTerminal',
    'Kartenterminal (Mollie)',
    'Die Terminal-ID (term_…) des Mollie-Kartenterminals neben diesem Kiosk: die Karte wird dann gleich am Kiosk bezahlt, die Bestellung gilt erst, wenn Mollie „bezahlt“ meldet. Leer: Kartenzahlung an der Kasse wie bisher.',
    `${B}checkout/checkout.service.ts`,
    `${W}kiosk/KioskStore.ts`,
  ),
  ticketScreen(
    'displaySeconds',
    'Anzeigedauer (Sekunden)',
    'So lange bleibt eine abholbereite Nummer sichtbar.',
    `${B}orders/ticket-screen.ts`,
  ),
  ticketScreen(
    'columns',
    'Spalten',
    'In so vielen Spalten stehen die Nummern.',
    `${W}backoffice/frontdesk/TicketScreenPage.tsx`,
  ),
  entry('printer')('printer', 'Bondrucker', 'Der Netzwerkdrucker dieses Druckers.', terminal),
  entry('signage')(
    'tv',
    'Bildschirm (TV)',
    'Der Bildschirm, dessen Player dieses Gerät zeigt (Stream, Ausrichtung und Status stehen dort).',
    `${B}operations/signage/signage-player.service.ts`,
  ),
  entry('kitchen-display')(
    'station',
    'Station',
    'Die Küchenstation (ID), die dieses Display zeigt; der Link mit dem Schlüssel öffnet sie.',
    `${W}backoffice/devices/DeviceKeyPanel.tsx`,
  ),

  local(
    'showProductData',
    'Produkte zeigen',
    'Zeigt die Positionen auf den Karten der Bestelltafel.',
    `${W}backoffice/orders/OrderCard.tsx`,
  ),
  local(
    'showCustomerData',
    'Kundendaten zeigen',
    'Zeigt Namen und Firma der Kundschaft auf den Karten der Bestelltafel (aus: für Gäste sichtbare Bildschirme).',
    `${W}backoffice/orders/OrderCard.tsx`,
  ),
];

/** The register's entry of a setting, if it has one. */
export function settingOf(scope: SettingScope, key: string): SettingEntry | undefined {
  return SETTINGS.find((s) => s.scope === scope && s.key === key);
}

/** The German labels of one scope, keyed by field (the back office's forms read them). */
export function settingLabels(scope: SettingScope): Record<string, string> {
  return Object.fromEntries(SETTINGS.filter((s) => s.scope === scope).map((s) => [s.key, s.label]));
}

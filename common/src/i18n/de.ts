/**
 * The German text catalogue: every visible text, message and error of spec sections 2, 5 and 8, plus the
 * standard validation, authentication and HTTP texts the backend puts into its error responses.
 * Parameters are written `{name}` and typed: `t('checkout.freeDeliveryFrom', { amount: '30,00 €' })`.
 *
 * @packageDocumentation
 */

/** The catalogue. Keys are `area.meaning`; values are German with `{param}` placeholders. */
export const de = {
  // --- general / pages (section 2)
  'page.notFound': '404 Not Found - Leider wurde die angeforderte Seite nicht gefunden.',
  'page.internalError': '500 Internal Server Error - Leider ist ein interner Fehler aufgetreten.',
  'page.draft': 'Entwurf',
  'general.unknownError': 'Ein unbekannter Fehler ist aufgetreten.',
  'general.offline': 'Sie sind offline. Bitte überprüfen Sie Ihre Internetverbindung.',
  'general.retry': 'Erneut versuchen',
  'general.updateInstalled': 'Eine neue Version wurde installiert.',
  'general.restart': 'Neu starten',
  'general.installApp': 'App installieren',
  'general.onlineOrder': 'Online Bestellen',
  'general.contact': 'Kontakt',
  'general.tapToOrder': 'Zum Bestellen tippen',
  'general.save': 'Speichern',
  'general.cancel': 'Abbrechen',
  'general.back': 'Zurück',
  'general.clear': 'Auswahl löschen',
  'orderType.takeaway': 'Abholung',
  'orderType.delivery': 'Lieferung',
  'orderType.dineIn': 'Vor Ort essen',
  'orderChannel.web': 'Website',
  'orderChannel.app': 'App',
  'orderChannel.kiosk': 'Kiosk',
  'orderChannel.unknown': 'Nicht erfasst',

  // --- branch list, search, toolbar
  'branchList.count': '{n} von {m} Filialen werden angezeigt.',
  'branchList.noResults': 'Leider wurden keine Ergebnisse gefunden.',
  'branchList.searchPlaceholder': 'PLZ / Ort',
  'toolbar.allClosed': 'Alle Standorte geschlossen',
  'toolbar.oneOpen': '1 Standort geöffnet',
  'toolbar.manyOpen': '{n} Standorte geöffnet',
  'branch.openUntil': 'Geöffnet bis {time}',
  'branch.open': 'Geöffnet',
  'branch.closed': 'Geschlossen',
  'branch.closedNow': 'Derzeit haben wir leider geschlossen.',
  'branch.reopensToday': 'Wir öffnen wieder um {time} Uhr.',
  'branch.reopensOn': 'Wir öffnen wieder am {day} um {time} Uhr.',
  'branch.deliveryClosedNow': 'Derzeit ist leider keine Lieferung möglich.',
  'branch.deliveryClosedCheckout': 'Derzeit bieten wir leider keine Lieferung an.',
  'branch.deliveryReopensToday': 'Wir liefern wieder ab {time} Uhr.',
  'branch.deliveryReopensOn': 'Wir liefern wieder am {day} ab {time} Uhr.',
  'branch.takeawayHint': 'Sie können Ihre Bestellung aber gerne abholen.',
  'branch.dineInHint': 'Sie können aber gerne bei uns vor Ort essen.',
  'branch.preorderWelcome': 'Gerne nehmen wir auch Ihre Vorbestellungen entgegen.',
  'branch.preorderProcessedAtReopening': 'Wir bearbeiten diese sobald wir wieder geöffnet haben.',
  'branch.preorderLater': 'Sie können aber gerne für einen späteren Zeitpunkt vorbestellen.',
  'branch.today': 'heute',

  // --- cart
  'cart.productAdded': 'Produkt zum Warenkorb hinzugefügt.',
  'cart.added': 'Hinzugefügt',
  'cart.undo': 'Rückgängig',
  'cart.empty': 'Keine Produkte im Warenkorb!',
  'cart.backToBranch': 'Zurück zur Filiale',
  'cart.priceOnRequest': 'Preis auf Anfrage',
  'cart.uploadFailed':
    'Die ausgewählte Datei "{fileName}" kann nicht verarbeitet werden. Möglicherweise ist die Datei zu groß oder der Dateityp wird nicht erkannt.',

  // --- pricing notes
  'pricing.approximatePrefix': 'ca.',
  'pricing.minimumPrefix': 'ab',
  'pricing.quotationNote': 'Die Preise sind unverbindlich. Sie erhalten ein Angebot von uns.',
  'pricing.hiddenPriceNote': 'Der Preis einzelner Produkte wird Ihnen nach Prüfung Ihrer Anfrage mitgeteilt.',
  'pricing.total': 'Gesamt',
  'pricing.delivery': 'Lieferung',
  'pricing.deliveryFree': 'Kostenlos',
  'pricing.taxIncluded': 'inkl. {rate} % MwSt.',
  // Price statements beside the prices before checkout (§1, §6 PAngV): see common/src/price-note.ts.
  'pricing.vatIncluded': 'Alle Preise inkl. MwSt.',
  'pricing.basePrice': '{basis} = {amount}',
  'pricing.netQuantity': 'Füllmenge',
  'pricing.vatIncludedDeliveryFee': 'Alle Preise inkl. MwSt., zzgl. Liefergebühr von {fee}.',
  'pricing.vatIncludedDeliveryFeeFreeFrom':
    'Alle Preise inkl. MwSt., zzgl. Liefergebühr von {fee} (ab {amount} Bestellwert kostenlos).',
  'pricing.vatIncludedDeliveryFeeFrom':
    'Alle Preise inkl. MwSt., zzgl. Liefergebühr ab {fee} je nach Liefergebiet.',
  'pricing.vatIncludedDeliveryFeeUpTo':
    'Alle Preise inkl. MwSt., zzgl. Liefergebühr bis {fee} je nach Liefergebiet.',
  'pricing.vatIncludedDeliveryFree': 'Alle Preise inkl. MwSt., Lieferung kostenlos.',

  // --- checkout (section 5)
  'checkout.minimumOrderNotReached':
    'Sie haben den Mindestbestellwert in Höhe von {amount} leider noch nicht erreicht.',
  'checkout.minimumOrderAdd':
    'Fügen Sie Waren im Wert von mindestens {diff} hinzu oder wählen Sie eine andere Art der Lieferung.',
  'checkout.minimumOrderMissing': 'Mindestbestellwert {amount} – es fehlen noch {diff}.',
  'checkout.addressMissing': 'Bitte Lieferadresse angeben.',
  'checkout.freeDeliveryFrom': 'Kostenlose Lieferung ab {amount}.',
  'checkout.phoneFormat': 'Bitte geben Sie eine gültige Nummer im Format {phone} an.',
  'checkout.submitQuotation': 'Angebotsanfrage abschicken',
  'checkout.submitOrder': 'Zahlungspflichtig bestellen',
  'checkout.submitPreorder': 'Zahlungspflichtig vorbestellen',
  'checkout.paymentFailed':
    'Leider ist Ihre Zahlung fehlgeschlagen. Bitte überprüfen Sie Ihre Daten und versuchen Sie es erneut.',
  'checkout.tableHint':
    'Die Nummer finden Sie in der Mitte des QR-Codes auf Ihrem Tisch. Andernfalls wählen Sie bitte Abholung und geben Sie Ihren Tisch im Kommentar an.',
  'checkout.noDonateeMatch': 'Keine passende Organisation gefunden.',
  'checkout.orderTypeUnavailable': 'Diese Bestellart wird von der Filiale nicht angeboten.',
  'checkout.deliveryAreaInvalid': 'Bitte wählen Sie ein gültiges Liefergebiet aus.',
  'checkout.outsideDeliveryArea':
    'An diese Adresse liefern wir leider nicht. Bitte prüfen Sie die Postleitzahl oder wählen Sie Abholung.',
  'checkout.postcodeMissing': 'Bitte geben Sie Ihre Postleitzahl an.',
  'deliveryCheck.title': 'Wohin dürfen wir liefern?',
  'deliveryCheck.postcode': 'Ihre Postleitzahl',
  'deliveryCheck.submit': 'Liefergebiet prüfen',
  'deliveryCheck.checking': 'Liefergebiet wird geprüft …',
  'deliveryCheck.area': 'Wir liefern zu Ihnen: {area}',
  'deliveryCheck.fee': 'Liefergebühr',
  'deliveryCheck.feeFree': 'kostenlos',
  'deliveryCheck.minimum': 'Mindestbestellwert',
  'deliveryCheck.minimumNone': 'keiner',
  'deliveryCheck.freeFrom': 'Kostenlose Lieferung ab',
  'deliveryCheck.unavailable':
    'Das Liefergebiet konnte gerade nicht geprüft werden. Bitte versuchen Sie es erneut.',
  'deliveryCheck.change': 'Andere Postleitzahl',
  'deliveryArea.postcodeInvalid':
    '"{value}" ist keine Postleitzahl. Bitte Postleitzahlen und Bereiche mit Komma trennen, z. B. 1070, 1080-1090.',
  'deliveryArea.rangeReversed':
    'Der Bereich "{value}" endet vor seinem Anfang. Bitte z. B. 1080-1090 angeben.',
  'deliveryArea.rangeLengths': 'Im Bereich "{value}" haben Anfang und Ende verschieden viele Stellen.',
  'deliveryArea.polygonInvalid':
    'Bitte ein GeoJSON-Polygon angeben: type "Polygon" oder "MultiPolygon", coordinates als [Länge, Breite].',
  'checkout.tableName': 'Tisch {table}',
  'checkout.atTable': 'Sie bestellen an {table}. Wir bringen Ihre Bestellung an den Tisch.',
  'checkout.tableInvalid': 'Bitte wählen Sie einen gültigen Tisch aus.',
  'checkout.paymentMethodUnavailable': 'Diese Zahlungsart ist nicht verfügbar.',
  'checkout.legalInstructionsRequired': 'Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen.',
  'checkout.privacyPolicyRequired': 'Bitte akzeptieren Sie die Datenschutzerklärung.',
  'checkout.itemInvalid': 'Bitte vervollständigen Sie die Konfiguration von "{name}".',
  'checkout.productUnavailable': 'Das Produkt "{name}" ist derzeit nicht verfügbar.',
  'checkout.closed': 'Derzeit nehmen wir leider keine Bestellungen entgegen.',
  'soldOut.product': '"{name}" ist leider ausverkauft. Bitte entfernen Sie es aus dem Warenkorb.',
  'soldOut.option': '"{option}" ist für "{name}" leider ausverkauft. Bitte wählen Sie etwas anderes.',
  'soldOut.label': 'Ausverkauft',
  'soldOut.noNextOpening': 'Es ist keine nächste Öffnungszeit eingetragen; bitte wählen Sie „bis auf Weiteres“.',
  'soldOut.optionUnknown': 'Diese Option gibt es bei diesem Produkt nicht.',
  'pause.orders': 'Bestellungen',
  'pause.deliveryOrders': 'Lieferbestellungen',
  'pause.untilToday': 'Wir nehmen gerade keine {what} an – wieder ab {time} Uhr.',
  'pause.lengthRequired': 'Bitte geben Sie entweder eine Dauer in Minuten oder ein Ende der Pause an.',
  'pause.noNextOpening': 'Es ist keine nächste Öffnungszeit innerhalb einer Woche eingetragen.',
  'pause.untilRange': 'Das Ende der Pause muss in der Zukunft und höchstens eine Woche entfernt liegen.',
  'pause.untilDay': 'Wir nehmen gerade keine {what} an – wieder {day} ab {time} Uhr.',
  'checkout.notOrderableYet': 'Bestellungen sind erst ab {date} um {time} Uhr möglich.',
  'checkout.orderTypeContradictory':
    'Bitte wählen Sie eine Bestellart: Lieferung und vor Ort schließen einander aus.',
  'checkout.donation':
    'Mit Ihrer Bestellung spenden wir {amount} an die gewählte Organisation. Die Spende wird vollständig von uns getragen und kostet Sie nichts.',

  // --- appointments
  'appointment.closed':
    'Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.',
  'appointment.required': 'Bitte wählen Sie einen Termin aus.',
  'appointment.tooEarly':
    'Der gewählte Termin ist leider zu früh. Der frühestmögliche Termin ist {date} um {time} Uhr.',
  'appointment.tooLate': 'Termine können höchstens {days} Tage im Voraus gewählt werden.',
  'appointment.noneOnDay': 'Zum ausgewählten Tag sind keine Termine verfügbar.',
  'appointment.today': 'Heute',
  'appointment.tomorrow': 'Morgen',
  'appointment.asap': 'So bald wie möglich',
  'appointment.noEntry': 'Keine Angabe',
  'appointment.full': 'ausgebucht',
  'appointment.morning': 'Vormittag',
  'appointment.noon': 'Mittag',
  'appointment.afternoon': 'Nachmittag',
  'appointment.evening': 'Abend',

  // --- order status (section 4)
  'orderStatus.waiting': 'Warten auf Bestätigung',
  'orderStatus.confirmed': 'Bestätigt und in Zubereitung',
  'orderStatus.inDelivery': 'In Zustellung',
  'orderStatus.readyForPickup': 'Abholbereit',
  'orderStatus.delivered': 'Geliefert',
  'orderStatus.completed': 'Abgeschlossen',
  'orderStatus.canceled': 'Bestellung storniert',
  'orderStatus.thankYou': 'Vielen Dank für Ihre Bestellung!',
  'orderStatus.counterOffer':
    'Wir können Ihre Bestellung leider nicht zum gewünschten Termin ausführen. Wir schlagen {date} um {time} Uhr vor.',
  'payment.waiting': 'Warten auf Zahlung',
  'payment.paid': 'Bezahlt',
  'payment.refunded': 'Rückerstattet',
  'timeline.confirmation': 'Bestätigung',
  'timeline.preparation': 'Zubereitung',
  'timeline.inDelivery': 'In Zustellung',
  'timeline.readyForPickup': 'Abholbereit',
  'timeline.completed': 'Abgeschlossen',
  'orderStatus.notAllowed': 'Diese Statusänderung ist im aktuellen Bestellstatus nicht möglich.',
  'orderStatus.final': 'Die Bestellung ist bereits abgeschlossen, abgelehnt oder storniert.',
  'orderStatus.deliveryOnly': 'Nur Lieferungen können als geliefert markiert werden.',
  'orderStatus.deliveredNotInDelivery':
    'Als geliefert markieren geht nur, solange die Lieferung in Zustellung ist.',
  'orderStatus.counterOfferUnavailable': 'Zu dieser Bestellung liegt kein offener Terminvorschlag vor.',
  'questionnaire.notAvailable': 'Diese Bestellung kann derzeit nicht bewertet werden.',
  'questionnaire.incomplete': 'Bitte vergeben Sie in allen vier Kategorien eine Bewertung von 1 bis 5.',

  // --- payment methods
  'paymentMethod.cash': 'Barzahlung',
  'paymentMethod.atm-card': 'Bankomatkarte',
  'paymentMethod.hydro-ag-voucher': 'Hydro AG Gutschein',
  'paymentMethod.mollie': 'Online-Zahlung (Mollie)',
  'paymentMethod.datatrans': 'Online-Zahlung (Datatrans)',

  // --- back office (section 8)
  'backoffice.orderCancelFailed': 'Bestellung konnte nicht storniert werden.',
  'backoffice.orderStatusFailed': 'Bestellstatus konnte nicht geändert werden.',
  'backoffice.printFailed': 'Bestellbon konnte nicht gedruckt werden.',
  'backoffice.paymentCheckFailed': 'Zahlungsstatus konnte nicht überprüft werden.',
  'backoffice.markPaidFailed': 'Zahlung konnte nicht als bezahlt erfasst werden.',
  'backoffice.questionnaireFailed': 'Bewertung konnte nicht gesendet werden.',
  'backoffice.resendFailed': 'Bestätigung konnte nicht versendet werden.',
  'backoffice.statisticsFailed': 'Statistik konnte nicht geladen werden.',
  'backoffice.configLoadFailed': 'Konfiguration konnte nicht geladen werden.',
  'backoffice.configSaveFailed': 'Konfiguration konnte nicht gespeichert werden.',
  'backoffice.currentUserFailed': 'Aktiver Benutzer konnte nicht geladen werden.',
  'backoffice.initFailed': 'Daten konnten nicht geladen werden.',
  'backoffice.deviceTestFailed': 'Test nicht erfolgreich.',
  'backoffice.deviceLogFailed': 'Log konnte nicht angefordert werden.',
  'backoffice.workingScheduleFailed': 'Arbeitsplanung konnte nicht geladen werden.',
  'backoffice.activityStartFailed': 'Aktivität konnte nicht gestartet werden.',
  'backoffice.activityEndFailed': 'Aktivität konnte nicht beendet werden.',
  'backoffice.activityPauseFailed': 'Aktivität konnte nicht pausiert werden.',
  'backoffice.activityResumeFailed': 'Aktivität konnte nicht fortgesetzt werden.',
  'backoffice.holidayBalancesFailed': 'Urlaubskonten konnten nicht geladen werden.',

  // --- authentication (section 8)
  'auth.invalidCredentials': 'Ungültige Zugangsdaten.',
  'auth.accountExpired': 'Das Benutzerkonto ist abgelaufen.',
  'auth.accountDisabled': 'Das Benutzerkonto ist deaktiviert.',
  'auth.accountLocked': 'Das Benutzerkonto ist gesperrt.',
  'auth.credentialsExpired': 'Die Zugangsdaten sind abgelaufen.',
  'auth.tooManyAttempts':
    'Zu viele fehlgeschlagene Anmeldeversuche, bitte versuchen Sie es in {minutes} Minuten erneut.',
  'auth.tooManyAttemptsOneMinute':
    'Zu viele fehlgeschlagene Anmeldeversuche, bitte versuchen Sie es in 1 Minute erneut.',
  'auth.loginLinkInvalid': 'Der Anmeldelink ist ungültig oder abgelaufen.',
  'auth.csrf': 'Ungültiges CSRF-Token.',

  // --- HTTP (errors[0].message of non-validation failures)
  'http.badRequest': 'Die Anfrage ist ungültig.',
  'http.unauthorized': 'Bitte melden Sie sich an.',
  'http.forbidden': 'Sie haben keine Berechtigung für diese Aktion.',
  'http.notFound': 'Der angeforderte Eintrag wurde nicht gefunden.',
  'http.conflict': 'Der Eintrag wurde inzwischen geändert. Bitte laden Sie die Daten neu.',
  'http.payloadTooLarge': 'Die Anfrage ist zu groß.',
  'http.tooManyRequests': 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
  'http.internal': 'Leider ist ein interner Fehler aufgetreten.',
  'http.headersTooLarge': 'Die Kopfzeilen der Anfrage sind zu groß.',
  'http.requestTimeout': 'Die Anfrage hat zu lange gedauert.',

  // --- standard validation texts (section 5, server messages)
  'validation.blank': 'Dieser Wert sollte nicht leer sein.',
  'validation.notNull': 'Dieser Wert sollte nicht null sein.',
  'validation.isTrue': 'Dieser Wert sollte wahr sein.',
  'validation.invalid': 'Dieser Wert ist ungültig.',
  'validation.tooShort': 'Diese Zeichenkette ist zu kurz. Sie sollte mindestens {min} Zeichen haben.',
  'validation.tooLong': 'Diese Zeichenkette ist zu lang. Sie sollte höchstens {max} Zeichen haben.',
  'validation.exactLength': 'Dieser Wert sollte genau {length} Zeichen lang sein.',
  'validation.email': 'Dieser Wert ist keine gültige E-Mail-Adresse.',
  'validation.url': 'Dieser Wert ist keine gültige URL.',
  'validation.fontFamily':
    'Diese Schriftart ist nicht angelegt: unter Medien → Schriftarten eine Familie mit der Variante „regular“ anlegen oder die Systemschrift wählen.',
  'validation.adPixelId': 'Die Pixel-ID besteht aus 5 bis 20 Ziffern (Meta Events Manager, „Pixel-ID“).',
  'validation.mapHost':
    'Diese Kartenadresse ist nicht erlaubt. Erlaubt sind https-Adressen von MapTiler (*.maptiler.com) und Mapbox (api.mapbox.com).',
  'validation.phone': 'Dieser Wert ist keine gültige Telefonnummer.',
  'validation.choice': 'Sie haben einen ungültigen Wert ausgewählt.',
  'validation.unique': 'Dieser Wert wird bereits verwendet.',
  'validation.type': 'Dieser Wert sollte vom Typ {type} sein.',
  'validation.number': 'Dieser Wert sollte eine gültige Zahl sein.',
  'validation.integer': 'Dieser Wert sollte eine ganze Zahl sein.',
  'validation.positive': 'Dieser Wert sollte positiv sein.',
  'validation.positiveOrZero': 'Dieser Wert sollte entweder positiv oder 0 sein.',
  'validation.min': 'Dieser Wert sollte größer oder gleich {min} sein.',
  'validation.max': 'Dieser Wert sollte kleiner oder gleich {max} sein.',
  'validation.range': 'Dieser Wert sollte zwischen {min} und {max} sein.',
  'validation.date': 'Dieser Wert entspricht keinem gültigen Datum.',
  'validation.time': 'Dieser Wert entspricht keiner gültigen Uhrzeit.',
  'validation.dateTime': 'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.',
  'validation.iban': 'Dieser Wert ist keine gültige internationale Bankkontonummer (IBAN).',
  'validation.bic': 'Dieser Wert ist kein gültiger Internationaler Bankcode (BIC).',
  'validation.uuid': 'Dies ist keine gültige UUID.',
  'validation.fileNotFound': 'Die Datei wurde nicht gefunden.',
  'validation.fileTooLarge': 'Die Datei ist zu groß. Die maximal zulässige Größe beträgt {limit}.',
  'validation.fileEmpty': 'Die ausgewählte Datei ist leer.',
  'validation.fileType': 'Der Dateityp der Datei ist ungültig ({type}). Erlaubte Dateitypen sind {types}.',
  'validation.image': 'Diese Datei ist kein gültiges Bild.',
  'validation.video': 'Diese Datei ist kein gültiges Video (MP4 oder WebM).',
  'validation.imageTooWide':
    'Die Bildbreite ist zu groß ({width}px). Die maximal zulässige Breite beträgt {maxWidth}px.',
  'validation.imageTooNarrow':
    'Die Bildbreite ist zu gering ({width}px). Die erwartete Mindestbreite beträgt {minWidth}px.',
  'validation.imageTooHigh':
    'Die Bildhöhe ist zu groß ({height}px). Die maximal zulässige Höhe beträgt {maxHeight}px.',
  'validation.imageTooManyPixels':
    'Das Bild "{fileName}" hat zu viele Bildpunkte ({megapixels} Megapixel). Erlaubt sind höchstens {maxMegapixels} Megapixel.',
  'validation.imageTooLow':
    'Die Bildhöhe ist zu gering ({height}px). Die erwartete Mindesthöhe beträgt {minHeight}px.',
  'validation.tooFewItems': 'Sie sollten mindestens {min} Einträge auswählen.',
  'validation.tooManyItems': 'Sie sollten höchstens {max} Einträge auswählen.',
  'validation.extraFields': 'Dieses Formular sollte keine zusätzlichen Felder enthalten.',
  'consent.title': 'Cookies und Einwilligung',
  'consent.text':
    'Notwendige Cookies brauchen wir für den Shop. Mit Ihrer Einwilligung laden wir außerdem Karten und werten die Nutzung aus. Ihre Wahl können Sie jederzeit unter „Cookie-Einstellungen“ im Seitenfuß ändern oder widerrufen.',
  'consent.textWithMarketing':
    'Notwendige Cookies brauchen wir für den Shop. Mit Ihrer Einwilligung laden wir außerdem Karten, werten die Nutzung aus und messen unsere Werbung. Ihre Wahl können Sie jederzeit unter „Cookie-Einstellungen“ im Seitenfuß ändern oder widerrufen.',
  'consent.privacyLink': 'Mehr in der Datenschutzerklärung',
  'consent.acceptAll': 'Alle akzeptieren',
  'consent.necessaryOnly': 'Nur notwendige',
  'consent.settings': 'Einstellungen',
  'consent.save': 'Auswahl speichern',
  'consent.settingsTitle': 'Cookie-Einstellungen',
  'consent.settingsText':
    'Wählen Sie, wofür wir Ihre Einwilligung nutzen dürfen. Alles ist aus, bis Sie es einschalten.',
  'consent.necessary.title': 'Notwendig',
  'consent.necessary.text':
    'Warenkorb, Ihre Cookie-Auswahl und die Sicherheit des Shops. Immer aktiv, ohne sie funktioniert der Shop nicht.',
  'consent.purpose.maps.title': 'Karten',
  'consent.purpose.maps.text':
    'Karten mit unseren Standorten. Ihr Browser lädt dazu Kartendaten beim Kartenanbieter, der dabei Ihre IP-Adresse erfährt.',
  'consent.purpose.statistics.title': 'Statistik',
  'consent.purpose.statistics.text':
    'Anonyme Auswertung, welche Seiten aufgerufen und welche Produkte bestellt werden. Die Daten bleiben bei uns.',
  'consent.purpose.marketing.title': 'Marketing',
  'consent.purpose.marketing.text':
    'Das Meta-Pixel (Meta Platforms Ireland) misst, ob unsere Werbung zu Bestellungen führt. Dabei werden Seitenaufrufe, Käufe und Ihre IP-Adresse an Meta übertragen.',
  'consent.footerLink': 'Cookie-Einstellungen',
  'consent.mapPlaceholder':
    'Die Karte wird erst geladen, wenn Sie zustimmen. Dabei erfährt der Kartenanbieter Ihre IP-Adresse.',
  'consent.mapAllow': 'Karte anzeigen und Karten erlauben',
  'consent.statisticsRequired': 'Ohne Einwilligung in die Statistik wird nichts protokolliert.',
} as const;

/** A key of the German catalogue. */
export type MessageKey = keyof typeof de;

/** The parameter names of a catalogue text, extracted from its `{name}` placeholders. */
export type PlaceholdersOf<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | PlaceholdersOf<Rest>
  : never;

/** The parameter object a key needs (`never` when the text has none). */
export type MessageParams<K extends MessageKey> = [PlaceholdersOf<(typeof de)[K]>] extends [never]
  ? never
  : Record<PlaceholdersOf<(typeof de)[K]>, string | number>;

/** The rest-argument list of {@link t}: no argument for texts without placeholders, else the params. */
export type MessageArgs<K extends MessageKey> = [MessageParams<K>] extends [never]
  ? []
  : [params: MessageParams<K>];

/** A message to render later (e.g. a validation result). */
export interface Message {
  /** Catalogue key. */
  key: MessageKey;
  /** Placeholder values. */
  params?: Record<string, string | number>;
}

/**
 * Fills `{name}` placeholders from `params`; unknown placeholders stay as they are, so a missing value shows
 * up visibly instead of as `undefined`.
 */
export function interpolate(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/**
 * The German text of `key` with its placeholders filled.
 *
 * @example t('branch.reopensToday', { time: '11:00' }) // 'Wir öffnen wieder um 11:00 Uhr.'
 */
export function t<K extends MessageKey>(key: K, ...args: MessageArgs<K>): string {
  return interpolate(de[key], (args[0] ?? {}) as Record<string, string | number>);
}

/** Renders a {@link Message} (untyped params, as stored in a validation result). */
export function renderMessage(message: Message): string {
  return interpolate(de[message.key], message.params);
}

/** The text for too many failed logins, with the right singular/plural of "Minute". */
export function tooManyAttemptsMessage(minutes: number): string {
  return minutes === 1 ? t('auth.tooManyAttemptsOneMinute') : t('auth.tooManyAttempts', { minutes });
}

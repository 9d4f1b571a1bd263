import { de } from '../i18n/de.js';
import { en, type TextLanguage } from '../i18n/en.js';

/**
 * The reason codes of error answers (`errors[].code`), each with its default German text: the one stable
 * list the server may send and clients may react to. A throw site that says the same as the default takes
 * it from here; one that says more (the next free time, the file's name, the minimum amount) keeps its own
 * sentence and only the code comes from this list. Codes are `snake_case` and never change meaning once
 * sent; the kind of failure (the HTTP status) is not a reason code.
 */
export const ERROR_CODES = {
  // --- the order form (checkout)
  cart_empty: de['cart.empty'],
  order_type_unavailable: de['checkout.orderTypeUnavailable'],
  order_type_contradictory: de['checkout.orderTypeContradictory'],
  delivery_area_invalid: de['checkout.deliveryAreaInvalid'],
  outside_delivery_area: de['checkout.outsideDeliveryArea'],
  postcode_missing: de['checkout.postcodeMissing'],
  minimum_order_value: 'Der Mindestbestellwert ist leider noch nicht erreicht.',
  table_invalid: de['checkout.tableInvalid'],
  branch_closed: de['checkout.closed'],
  branch_unknown: de['validation.choice'],
  branch_not_public: de['checkout.closed'],
  not_orderable_yet: 'Bestellungen sind erst später möglich.',
  ordering_paused: 'Wir nehmen gerade keine Bestellungen an.',
  payment_method_unavailable: de['checkout.paymentMethodUnavailable'],
  legal_instructions_required: de['checkout.legalInstructionsRequired'],
  privacy_policy_required: de['checkout.privacyPolicyRequired'],
  appointment_required: de['appointment.required'],
  appointment_too_early: 'Der gewählte Termin ist leider zu früh.',
  appointment_too_late: 'Der gewählte Termin liegt zu weit in der Zukunft.',
  appointment_closed: de['appointment.closed'],
  slot_full:
    'Zu diesem Zeitpunkt sind leider bereits alle Plätze vergeben. Bitte wählen Sie einen anderen Termin.',
  donatee_invalid: de['validation.choice'],
  phone_invalid: de['validation.phone'],
  // --- the items of an order
  product_unknown: de['validation.choice'],
  product_unavailable: 'Dieses Produkt ist derzeit nicht verfügbar.',
  product_gone: 'Das Produkt dieser Position existiert nicht mehr; sie kann nicht neu berechnet werden.',
  sold_out: 'Dieses Produkt ist leider ausverkauft.',
  unit_invalid: de['validation.choice'],
  amount_invalid: de['validation.invalid'],
  part_invalid: de['validation.invalid'],
  part_choices: 'Die Anzahl der gewählten Optionen passt nicht.',
  upload_unknown: de['validation.fileNotFound'],
  upload_type: 'Dieser Dateityp ist hier nicht erlaubt.',
  last_item: 'Eine Bestellung braucht mindestens eine Position. Stornieren oder löschen Sie sie stattdessen.',
  // --- the catalogue
  menu_unknown: 'Diese Speisekarte gibt es nicht.',
  menu_forbidden: 'Diese Speisekarte gehört zu einer Filiale, die Sie nicht verwalten dürfen.',
  category_not_in_menu: 'Diese Kategorie ist nicht in der gewählten Speisekarte.',
  option_group_unknown: 'Diese Optionsvorlage gibt es nicht.',
  option_group_in_use: 'Diese Optionsvorlage wird noch von Produkten verwendet.',
  // --- creating an order twice
  idempotency_key_invalid: 'Der Idempotency-Key muss aus 1 bis 255 sichtbaren ASCII-Zeichen bestehen.',
  idempotency_in_flight:
    'Diese Bestellung wird gerade verarbeitet. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
  idempotency_conflict:
    'Dieser Idempotency-Key wurde bereits für eine andere Bestellung verwendet. Bitte senden Sie die Bestellung mit einem neuen Schlüssel.',
  // --- staff actions and the customer's answers on an order
  illegal_transition: 'Diese Aktion ist im aktuellen Status der Bestellung nicht möglich.',
  order_final: de['orderStatus.final'],
  payment_pending: 'Diese Bestellung wartet noch auf die Online-Zahlung.',
  email_missing: 'Zu dieser Bestellung ist keine E-Mail-Adresse hinterlegt.',
  phone_missing: 'Zu dieser Bestellung ist keine Telefonnummer hinterlegt.',
  sms_disabled: 'Der SMS-Versand ist nicht aktiviert.',
  counter_offer_unavailable: 'Zu dieser Bestellung gibt es keinen offenen Terminvorschlag.',
  questionnaire_unavailable: de['questionnaire.notAvailable'],
  questionnaire_incomplete: de['questionnaire.incomplete'],
  not_a_quotation: 'Ein Angebot gibt es nur zu einer offenen Anfrage.',
  offer_answered: 'Der Kunde hat das Angebot bereits beantwortet.',
  offer_expired: 'Dieses Angebot ist abgelaufen. Bitte fragen Sie ein neues an.',
  offer_unavailable: 'Zu dieser Anfrage gibt es kein offenes Angebot.',
  withdrawal_exempt:
    'Diese Bestellung ist vom Widerruf ausgenommen: Lebensmittel und Getränke, die schnell verderben, können nicht widerrufen werden.',
  already_withdrawn: 'Diese Bestellung wurde bereits widerrufen.',
  withdrawal_order_unknown:
    'Zu dieser Bestellnummer und E-Mail-Adresse haben wir keine Bestellung gefunden. Bitte prüfen Sie beide Angaben.',
  frontdesk_disabled: 'Abholbildschirm und Thekenansicht sind in der Konfiguration ausgeschaltet.',
  pause_length: de['pause.lengthRequired'],
  pause_until: de['pause.untilRange'],
  // --- payments and vouchers
  voucher_required: 'Bitte geben Sie den Gutscheincode ein.',
  voucher_invalid: 'Dieser Gutscheincode ist ungültig oder bereits eingelöst.',
  voucher_check_unavailable:
    'Der Gutschein kann gerade nicht geprüft werden. Bitte versuchen Sie es später erneut oder wählen Sie eine andere Zahlungsart.',
  voucher_insufficient: 'Das Guthaben des Gutscheins reicht für diese Bestellung nicht aus.',
  payment_refused:
    'Der Zahlungsanbieter hat die Zahlung abgelehnt. Bitte versuchen Sie es erneut oder wählen Sie eine andere Zahlungsart.',
  payment_provider_unavailable:
    'Die Online-Zahlung ist gerade nicht verfügbar. Bitte versuchen Sie es später erneut oder wählen Sie eine andere Zahlungsart.',
  payment_online: 'Online-Zahlungen werden vom Zahlungsanbieter bestätigt, nicht an der Kassa.',
  payment_check_failed: de['backoffice.paymentCheckFailed'],
  already_paid: 'Diese Bestellung ist bereits bezahlt.',
  signature_invalid: 'Ungültige Signatur.',
  // --- files, privacy, time tracking
  image_too_many_pixels: 'Das Bild hat zu viele Bildpunkte.',
  consent_required: de['consent.statisticsRequired'],
  open_activity:
    'Für diese Person ist bereits eine Aktivität offen (eingestempelt oder in Pause). Bitte zuerst diese beenden oder ein Ende eintragen.',
  // --- the HTTP layer and the database
  invalid: de['http.badRequest'],
  too_deep: 'Die Anfrage ist zu tief verschachtelt.',
  headers_too_large: de['http.headersTooLarge'],
  request_timeout: de['http.requestTimeout'],
  rate_limited: 'Zu viele Anfragen von Ihrer Adresse. Bitte versuchen Sie es später erneut.',
  origin_not_allowed: 'Anfragen von dieser Website sind nicht erlaubt.',
  duplicate: 'Dieser Wert wird bereits verwendet.',
  in_use: 'Der Eintrag wird noch verwendet oder verweist auf einen fehlenden Eintrag.',
  database_unavailable:
    'Der Dienst ist gerade vorübergehend nicht erreichbar. Bitte versuchen Sie es in wenigen Sekunden erneut.',
  storage_full:
    'Der Speicherplatz des Servers ist voll. Es wurde nichts gespeichert; bitte versuchen Sie es später erneut.',
} as const satisfies Record<string, string>;

/** A reason code of an error answer (see {@link ERROR_CODES}). */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Whether a string (an error answer's `code`) is one of the known reason codes. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/** The default German text of a reason code. */
export function errorText(code: ErrorCode): string {
  return ERROR_CODES[code];
}

/**
 * English for the reason codes a guest can meet when the kiosk sends an order (the server answers in German;
 * the kiosk's English face shows these by the answer's `code`). A code missing here keeps the German text.
 * Where `ERROR_CODES` takes its German from the catalogue, the English comes from {@link en}'s same key.
 */
export const errorTextsEn: { readonly [C in ErrorCode]?: string } = {
  cart_empty: en['cart.empty'],
  order_type_unavailable: en['checkout.orderTypeUnavailable'],
  order_type_contradictory: en['checkout.orderTypeContradictory'],
  minimum_order_value: 'The minimum order value has not been reached yet.',
  table_invalid: en['checkout.tableInvalid'],
  branch_closed: en['checkout.closed'],
  branch_not_public: en['checkout.closed'],
  not_orderable_yet: 'Orders are only possible later.',
  ordering_paused: 'We are not taking any orders right now.',
  payment_method_unavailable: en['checkout.paymentMethodUnavailable'],
  appointment_required: en['appointment.required'],
  appointment_too_early: 'The chosen time is too early.',
  appointment_too_late: 'The chosen time is too far in the future.',
  appointment_closed: en['appointment.closed'],
  slot_full: 'All places at this time are already taken. Please choose another time.',
  phone_invalid: en['validation.phone'],
  product_unknown: en['validation.choice'],
  product_unavailable: 'This product is not available at the moment.',
  sold_out: 'Sorry, this product is sold out.',
  unit_invalid: en['validation.choice'],
  amount_invalid: en['validation.invalid'],
  part_invalid: en['validation.invalid'],
  part_choices: 'The number of chosen options does not fit.',
  idempotency_in_flight: 'Your order is being processed. Please wait a moment and try again.',
  payment_refused: 'The payment was declined. Please try again or choose another payment method.',
  payment_provider_unavailable:
    'Card payment is not available right now. Please try again later or choose another payment method.',
  rate_limited: 'Too many requests. Please try again later.',
  invalid: 'The request is not valid.',
  database_unavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
};

/**
 * The text of an error answer's entry in a language: for English, the code's English text where there is
 * one; otherwise the server's own (German) message.
 */
export function errorMessageIn(error: { message: string; code?: string }, language: TextLanguage): string {
  if (language !== 'en' || !error.code) return error.message;
  return (errorTextsEn as Record<string, string | undefined>)[error.code] ?? error.message;
}

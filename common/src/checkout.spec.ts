import type { OrderForm } from './contract/order.js';
import {
  closedNotice,
  defaultPaymentMethod,
  deliveryHints,
  initialOrderType,
  isValidEmail,
  normalizePhone,
  offeredOrderTypes,
  offeredPaymentMethods,
  phoneWarning,
  requiredFields,
  sanitizePhoneInput,
  showAddressSection,
  showContactSection,
  submitBlocker,
  submitLabel,
  toApiErrors,
  validateCheckout,
  type CheckoutContext,
  type SubmitLabelInput,
} from './checkout.js';
import { t } from './i18n/de.js';
import { makeBranch, rule } from './testing/fixtures.js';
import { fromLocal } from './zoned-time.js';

const at = (date: string, time: string): Date => {
  const [h, m] = time.split(':').map(Number);
  return fromLocal(date, h * 60 + m, 'Europe/Vienna');
};
const config = {
  enableCash: true,
  enableATMCard: false,
  enableHydroAGVoucher: true,
  enableMollie: true,
  enableDatatrans: true,
  enablePluginCardPayments: true,
  enablePluginVoucherPayments: true,
  enablePluginOnlinePayments: true,
};

describe('checkout', () => {
  describe(offeredOrderTypes.name, () => {
    it('offers only the modes the branch enables', () => {
      expect(offeredOrderTypes(makeBranch())).toEqual(['takeaway', 'delivery', 'dineIn']);
      expect(offeredOrderTypes(makeBranch({ isTakeawayEnabled: false, isDineInEnabled: false }))).toEqual([
        'delivery',
      ]);
    });
  });

  describe(initialOrderType.name, () => {
    it('prefers a saved choice, then the settings default, then the first offered', () => {
      const branch = makeBranch({ isDineInEnabled: false });
      expect(initialOrderType(branch, 'delivery', 'takeaway')).toBe('takeaway');
      expect(initialOrderType(branch, 'delivery', null)).toBe('delivery');
      expect(initialOrderType(branch, 'dineIn', 'dineIn')).toBe('takeaway');
      expect(
        initialOrderType(
          makeBranch({ isTakeawayEnabled: false, isDeliveryEnabled: false, isDineInEnabled: false }),
          null,
          null,
        ),
      ).toBeNull();
    });
  });

  describe(requiredFields.name, () => {
    it('requires names, flags and street, city and the postcode for delivery', () => {
      expect(requiredFields(makeBranch(), 'delivery')).toEqual([
        'firstName',
        'lastName',
        'email',
        'phone',
        'street',
        'city',
        'zipCode',
      ]);
    });

    it('follows the takeaway flags', () => {
      expect(requiredFields(makeBranch(), 'takeaway')).toEqual(['firstName', 'lastName', 'phone']);
      expect(requiredFields(makeBranch({ isTakeawayAddressRequired: true }), 'takeaway')).toContain('street');
    });

    it('requires only the table for dine-in with table selection and no contact requirement', () => {
      expect(requiredFields(makeBranch({ isTableSelectionEnabled: true }), 'dineIn')).toEqual(['table']);
    });
  });

  describe(showContactSection.name, () => {
    it('hides contact for dine-in with table selection unless email or phone is required', () => {
      expect(showContactSection(makeBranch({ isTableSelectionEnabled: true }), 'dineIn')).toBe(false);
      expect(
        showContactSection(
          makeBranch({ isTableSelectionEnabled: true, isDineInPhoneRequired: true }),
          'dineIn',
        ),
      ).toBe(true);
      expect(showContactSection(makeBranch({ isTableSelectionEnabled: false }), 'dineIn')).toBe(true);
      expect(showContactSection(makeBranch({ isTableSelectionEnabled: true }), 'takeaway')).toBe(true);
    });
  });

  describe(showAddressSection.name, () => {
    it('shows for delivery and where the branch requires an address', () => {
      expect(showAddressSection(makeBranch({ isDeliveryAddressRequired: false }), 'delivery')).toBe(true);
      expect(showAddressSection(makeBranch(), 'takeaway')).toBe(false);
      expect(showAddressSection(makeBranch({ isDineInAddressRequired: true }), 'dineIn')).toBe(true);
    });
  });

  describe(sanitizePhoneInput.name, () => {
    it('keeps only digits, plus and spaces while typing', () => {
      expect(sanitizePhoneInput('+43 (664) 12-34a')).toBe('+43 664 1234');
    });
  });

  describe(normalizePhone.name, () => {
    it('turns a leading 00 into +', () => {
      expect(normalizePhone('0043 664 1234567')).toBe('+43 664 1234567');
    });

    it('removes other characters, extra pluses and extra spaces', () => {
      expect(normalizePhone(' +43 (664)  12-34+5 ')).toBe('+43 664 12345');
      expect(normalizePhone('0664/1234567')).toBe('06641234567');
    });
  });

  describe(phoneWarning.name, () => {
    it('warns when the number does not start with +', () => {
      // The example is the market's: Germany by default, Austria when the shop says so.
      expect(phoneWarning('0151 23456789')).toBe(
        'Bitte geben Sie eine gültige Nummer im Format +49 151 23456789 an.',
      );
      expect(phoneWarning('0664 1234567', '+43 664 1234567')).toBe(
        'Bitte geben Sie eine gültige Nummer im Format +43 664 1234567 an.',
      );
      expect(phoneWarning('+43 664 1234567')).toBeNull();
      expect(phoneWarning('')).toBeNull();
    });
  });

  describe(isValidEmail.name, () => {
    it('accepts ordinary addresses and rejects malformed ones', () => {
      expect(isValidEmail('anna@example.at')).toBe(true);
      expect(isValidEmail('anna@example')).toBe(false);
      expect(isValidEmail('anna example@x.at')).toBe(false);
    });
  });

  describe(offeredPaymentMethods.name, () => {
    it('offers a method only when the global and the branch flag are set', () => {
      expect(offeredPaymentMethods(config, makeBranch())).toEqual(['cash', 'mollie']);
    });

    it('offers card, voucher and online methods only while their plugin is on', () => {
      const branch = makeBranch({
        isATMCardEnabled: true,
        isHydroAGVoucherEnabled: true,
        isMollieEnabled: true,
        isDatatransEnabled: true,
      });
      const all = { ...config, enableATMCard: true };
      expect(offeredPaymentMethods(all, branch)).toEqual([
        'cash',
        'atm-card',
        'hydro-ag-voucher',
        'mollie',
        'datatrans',
      ]);
      expect(offeredPaymentMethods({ ...all, enablePluginCardPayments: false }, branch)).not.toContain(
        'atm-card',
      );
      expect(offeredPaymentMethods({ ...all, enablePluginVoucherPayments: false }, branch)).not.toContain(
        'hydro-ag-voucher',
      );
      expect(offeredPaymentMethods({ ...all, enablePluginOnlinePayments: false }, branch)).toEqual([
        'cash',
        'atm-card',
        'hydro-ag-voucher',
      ]);
    });
  });

  describe(defaultPaymentMethod.name, () => {
    it('is cash when the branch allows cash', () => {
      expect(defaultPaymentMethod(makeBranch())).toBe('cash');
    });

    it('is datatrans when cash is not allowed but datatrans is', () => {
      expect(defaultPaymentMethod(makeBranch({ isCashEnabled: false, isDatatransEnabled: true }))).toBe(
        'datatrans',
      );
    });

    it('falls back to the first offered method and then to cash', () => {
      expect(defaultPaymentMethod(makeBranch({ isCashEnabled: false }), config)).toBe('mollie');
      expect(
        defaultPaymentMethod(
          makeBranch({ isCashEnabled: false, isMollieEnabled: false, isATMCardEnabled: false }),
          config,
        ),
      ).toBe('cash');
    });
  });

  describe(submitBlocker.name, () => {
    const base = {
      hasItems: true,
      isLoading: false,
      isQuotationRequired: false,
      isDelivery: true,
      isOpen: true,
      isDeliveryOpen: true,
      isDeliveryValid: false,
      isPreorderEnabled: false,
      hasDeliveryArea: true,
      minimumOrder: { minimum: 1500, missing: 350 },
      currency: 'EUR',
    };

    it('states the missing amount below the minimum order value', () => {
      expect(submitBlocker(base)?.replace(/\s/g, ' ')).toBe(
        'Mindestbestellwert 15,00 € – es fehlen noch 3,50 €.'.replace(/\s/g, ' '),
      );
    });

    it('asks for the delivery address first, and says when closed or empty', () => {
      expect(submitBlocker({ ...base, hasDeliveryArea: false })).toBe('Bitte Lieferadresse angeben.');
      expect(submitBlocker({ ...base, hasItems: false })).toBe('Keine Produkte im Warenkorb!');
      expect(
        submitBlocker({
          ...base,
          isDelivery: false,
          isOpen: false,
          minimumOrder: { minimum: 0, missing: 0 },
        }),
      ).toBe('Derzeit haben wir leider geschlossen.');
    });

    it('says nothing while the order can be sent', () => {
      expect(
        submitBlocker({ ...base, isDeliveryValid: true, minimumOrder: { minimum: 1500, missing: 0 } }),
      ).toBeNull();
      expect(submitBlocker({ ...base, isLoading: true })).toBeNull();
    });
  });

  describe(submitLabel.name, () => {
    const base: SubmitLabelInput = {
      hasItems: true,
      isLoading: false,
      isQuotationRequired: false,
      isDelivery: false,
      isOpen: true,
      isDeliveryOpen: true,
      isDeliveryValid: true,
      isPreorderEnabled: false,
    };
    const label = (input: Partial<SubmitLabelInput>) => {
      const key = submitLabel({ ...base, ...input });
      return key && t(key);
    };

    it('has no button when the cart is empty or an order is loading', () => {
      expect(label({ hasItems: false })).toBeNull();
      expect(label({ isLoading: true })).toBeNull();
    });

    it('says "Angebotsanfrage abschicken" when quotations are required', () => {
      expect(label({ isQuotationRequired: true, isOpen: false })).toBe('Angebotsanfrage abschicken');
    });

    it('says "Zahlungspflichtig bestellen" when open, or for delivery when delivery is open and valid', () => {
      expect(label({})).toBe('Zahlungspflichtig bestellen');
      expect(label({ isDelivery: true, isOpen: false })).toBe('Zahlungspflichtig bestellen');
    });

    it('says "Zahlungspflichtig vorbestellen" when closed with pre-orders, delivery still valid', () => {
      expect(label({ isOpen: false, isPreorderEnabled: true })).toBe('Zahlungspflichtig vorbestellen');
      expect(label({ isDelivery: true, isDeliveryOpen: false, isPreorderEnabled: true })).toBe(
        'Zahlungspflichtig vorbestellen',
      );
      expect(label({ isDelivery: true, isDeliveryValid: false, isPreorderEnabled: true })).toBeNull();
    });

    it('has no button when closed without pre-orders', () => {
      expect(label({ isOpen: false })).toBeNull();
    });
  });

  describe(closedNotice.name, () => {
    it('is empty when open', () => {
      expect(closedNotice(makeBranch(), 'takeaway', at('2026-03-24', '12:00'))).toEqual([]);
    });

    it('tells when the branch reopens and invites pre-orders', () => {
      expect(
        closedNotice(makeBranch({ isPreorderEnabled: true }), 'takeaway', at('2026-03-24', '07:00')),
      ).toEqual([
        'Derzeit haben wir leider geschlossen.',
        'Wir öffnen wieder um 09:00 Uhr.',
        'Sie können aber gerne für einen späteren Zeitpunkt vorbestellen.',
      ]);
    });

    it('uses the delivery texts for delivery', () => {
      const branch = makeBranch({
        isDeliveryHoursEnabled: true,
        deliveryHours: [rule('daily', '11:00', '13:00')],
      });
      expect(closedNotice(branch, 'delivery', at('2026-03-24', '14:00'))).toEqual([
        'Derzeit bieten wir leider keine Lieferung an.',
        'Wir liefern wieder am Mittwoch ab 11:00 Uhr.',
      ]);
      expect(closedNotice(makeBranch({ openingHours: [] }), 'takeaway', at('2026-03-24', '14:00'))).toEqual([
        'Derzeit haben wir leider geschlossen.',
      ]);
    });

    it("speaks English for the kiosk's English face", () => {
      expect(
        closedNotice(makeBranch({ isPreorderEnabled: true }), 'takeaway', at('2026-03-24', '07:00'), 'en'),
      ).toEqual([
        'We are closed at the moment.',
        'We open again at 09:00.',
        'You are welcome to pre-order for a later time.',
      ]);
      const branch = makeBranch({
        isDeliveryHoursEnabled: true,
        deliveryHours: [rule('daily', '11:00', '13:00')],
      });
      expect(closedNotice(branch, 'delivery', at('2026-03-24', '14:00'), 'en')).toEqual([
        'We are not delivering at the moment.',
        'We deliver again on Wednesday from 11:00.',
      ]);
    });
  });

  describe(deliveryHints.name, () => {
    const area = makeBranch().deliveryAreas[0];

    it('gives both minimum-order lines with amount and difference when below the minimum', () => {
      expect(deliveryHints(area, 1210).minimumOrder).toEqual([
        'Sie haben den Mindestbestellwert in Höhe von 15,00\u00a0€ leider noch nicht erreicht.',
        'Fügen Sie Waren im Wert von mindestens 2,90\u00a0€ hinzu oder wählen Sie eine andere Art der Lieferung.',
      ]);
    });

    it('gives the free-delivery hint below the threshold only', () => {
      expect(deliveryHints(area, 2000).freeDelivery).toBe('Kostenlose Lieferung ab 30,00\u00a0€.');
      expect(deliveryHints(area, 3000)).toEqual({ minimumOrder: [], freeDelivery: null });
      expect(deliveryHints(null, 0)).toEqual({ minimumOrder: [], freeDelivery: null });
    });
  });

  describe(validateCheckout.name, () => {
    const branch = makeBranch();
    const now = at('2026-03-24', '12:00');
    const form: OrderForm = {
      firstName: 'Anna',
      lastName: 'Huber',
      email: 'anna@example.at',
      phone: '+43 664 1234567',
      street: 'Landstraßer Hauptstraße 1',
      city: 'Wien',
      zipCode: '1030',
      deliveryArea: { id: 1 },
      paymentMethod: 'cash',
      legalInstructions: true,
      privacyPolicy: true,
      branch: { id: 1 },
      isDelivery: true,
      isDineIn: false,
      items: [{ product: { id: 1, uid: 'u' }, amount: 1, unit: 'piece', parts: [] }],
    };
    const context: CheckoutContext = {
      branch,
      config,
      now,
      itemsGross: 2000,
      deliveryArea: branch.deliveryAreas[0],
    };

    it('accepts a complete delivery order', () => {
      expect(validateCheckout(form, context)).toEqual([]);
    });

    it('reports blank required fields per field', () => {
      const issues = validateCheckout({ ...form, firstName: ' ', email: null, zipCode: ' ' }, context);
      expect(issues).toEqual([
        { key: 'validation.blank', field: 'firstName' },
        { key: 'validation.blank', field: 'email' },
        { key: 'validation.blank', field: 'zipCode' },
      ]);
      expect(toApiErrors(issues)[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'firstName',
      });
    });

    it('reports an invalid e-mail, an address outside every area and a missed minimum order', () => {
      expect(validateCheckout({ ...form, email: 'anna@' }, context)).toEqual([
        { key: 'validation.email', field: 'email' },
      ]);
      expect(validateCheckout(form, { ...context, deliveryArea: null })).toEqual([
        { key: 'checkout.outsideDeliveryArea', field: 'zipCode' },
      ]);
      // The area the client names is not trusted: only the derived one counts.
      expect(validateCheckout({ ...form, deliveryArea: { id: 9 } }, context)).toEqual([]);
      expect(toApiErrors(validateCheckout(form, { ...context, itemsGross: 1000 }))).toEqual([
        {
          message: 'Sie haben den Mindestbestellwert in Höhe von 15,00\u00a0€ leider noch nicht erreicht.',
        },
      ]);
    });

    it('reports an empty cart, invalid items and an order type the branch does not offer', () => {
      const issues = validateCheckout(
        { ...form, items: [] },
        { ...context, branch: makeBranch({ isDeliveryEnabled: false }), itemsValid: false },
      );
      expect(issues.map((issue) => issue.key)).toEqual([
        'cart.empty',
        'validation.invalid',
        'checkout.orderTypeUnavailable',
      ]);
    });

    it('refuses an order that is delivery and dine-in at once, naming the field', () => {
      const both = { ...form, isDelivery: true, isDineIn: true };
      const branch = makeBranch({ isDeliveryEnabled: true, isDineInEnabled: true });
      const issues = validateCheckout(both, { ...context, branch });
      expect(issues).toContainEqual({ key: 'checkout.orderTypeContradictory', field: 'isDineIn' });
      expect(toApiErrors(issues.filter((issue) => issue.field === 'isDineIn'))).toEqual([
        {
          field: 'isDineIn',
          message: 'Bitte wählen Sie eine Bestellart: Lieferung und vor Ort schließen einander aus.',
        },
      ]);
    });

    it('reports a table of another branch for dine-in with table selection', () => {
      const dineIn = { ...form, isDelivery: false, isDineIn: true, table: { id: 3 } };
      const tableBranch = makeBranch({ isTableSelectionEnabled: true });
      expect(validateCheckout(dineIn, { ...context, branch: tableBranch, tableIds: [1, 2] })).toEqual([
        { key: 'checkout.tableInvalid', field: 'table' },
      ]);
      expect(validateCheckout(dineIn, { ...context, branch: tableBranch, tableIds: [3] })).toEqual([]);
    });

    it('refuses orders while closed without pre-orders, but not quotations or pre-orders', () => {
      const night = at('2026-03-24', '22:00');
      expect(validateCheckout(form, { ...context, now: night }).map((issue) => issue.key)).toEqual([
        'checkout.closed',
      ]);
      expect(
        validateCheckout(form, { ...context, now: night, branch: makeBranch({ isPreorderEnabled: true }) }),
      ).toEqual([]);
      expect(
        validateCheckout(form, { ...context, now: night, branch: makeBranch({ isQuotationRequired: true }) }),
      ).toEqual([]);
    });

    it('refuses orders before orderableFrom', () => {
      const issues = validateCheckout(form, {
        ...context,
        branch: makeBranch({ orderableFrom: at('2026-04-01', '09:00').toISOString() }),
      });
      expect(toApiErrors(issues)).toEqual([
        { message: 'Bestellungen sind erst ab 01.04.2026 um 09:00 Uhr möglich.' },
      ]);
    });

    it('checks the appointment against the hours', () => {
      const issues = validateCheckout(
        { ...form, appointmentDate: at('2026-03-24', '20:00').toISOString() },
        context,
      );
      expect(issues).toEqual([{ key: 'appointment.closed', field: 'appointmentDate' }]);
      expect(validateCheckout({ ...form, appointmentDate: 'tomorrow' }, context)).toEqual([
        { key: 'validation.dateTime', field: 'appointmentDate' },
      ]);
    });

    it('reports a payment method not offered and unchecked legal boxes', () => {
      const issues = validateCheckout(
        { ...form, paymentMethod: 'datatrans', legalInstructions: false, privacyPolicy: false },
        context,
      );
      expect(issues.map((issue) => issue.field)).toEqual([
        'paymentMethod',
        'legalInstructions',
        'privacyPolicy',
      ]);
    });

    it('asks a kiosk order for no legal boxes (a purchase on the premises), a web order still does', () => {
      const unticked = { ...form, legalInstructions: false, privacyPolicy: false };
      expect(validateCheckout({ ...unticked, channel: 'kiosk' }, context)).toEqual([]);
      expect(validateCheckout({ ...unticked, channel: 'app' }, context).map((issue) => issue.field)).toEqual([
        'legalInstructions',
        'privacyPolicy',
      ]);
    });
  });
});

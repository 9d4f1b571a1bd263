// German texts of the app shell. The offline warning's text is the specification's (src/i18n/messages.ts);
// the specification names the other elements without wording them, so these are ours.
export const shellTexts = {
  updateInstalled: 'Eine neue Version wurde installiert.',
  restart: 'Neu starten',
  restarting: 'Wird neu gestartet …',
  installTitle: 'App installieren',
  installText: (shop: string) =>
    `Installieren Sie ${shop} als App auf Ihrem Startbildschirm: schneller bestellen, auch unterwegs.`,
  install: 'Installieren',
  notNow: 'Nicht jetzt',
  back: 'Zurück',
  done: 'Fertig',
  instructionsTitle: 'So installieren Sie die App',
  instructions: {
    android: [
      'Öffnen Sie das Menü Ihres Browsers (⋮ oben rechts).',
      'Tippen Sie auf „App installieren“ oder „Zum Startbildschirm hinzufügen“.',
    ],
    iphone: [
      'Tippen Sie in Safari unten in der Leiste auf „Teilen“ (das Quadrat mit dem Pfeil nach oben).',
      'Wählen Sie „Zum Home-Bildschirm“ und tippen Sie auf „Hinzufügen“.',
    ],
    ipad: [
      'Tippen Sie in Safari oben rechts neben der Adresszeile auf „Teilen“ (das Quadrat mit dem Pfeil nach oben).',
      'Wählen Sie „Zum Home-Bildschirm“ und tippen Sie auf „Hinzufügen“.',
    ],
    other: [
      'Öffnen Sie das Menü Ihres Browsers.',
      'Wählen Sie „App installieren“, „Installieren“ oder „Zum Startbildschirm hinzufügen“.',
      'Wird kein solcher Eintrag angeboten, unterstützt dieser Browser die Installation nicht; die Seite funktioniert trotzdem vollständig.',
    ],
  },
  promotionTitle: 'Nächstes Mal schneller bestellen',
  promotionText: 'Installieren Sie unsere App: Ihre Lieblingsfiliale ist dann nur einen Fingertipp entfernt.',
} as const;

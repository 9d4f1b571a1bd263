// The German texts of the shell in one place. Texts quoted by the specification are kept verbatim;
// when common/ ships its message catalogue these move there.
export const messages = {
  defaultShopName: 'Bestellplattform',
  skipToContent: 'Zum Inhalt springen',
  notFoundTitle: '404 Not Found',
  notFoundText: 'Leider wurde die angeforderte Seite nicht gefunden.',
  internalErrorTitle: '500 Internal Server Error',
  internalErrorText: 'Leider ist ein interner Fehler aufgetreten.',
  backToHome: 'Zur Startseite',
  offline: 'Sie sind offline. Bitte überprüfen Sie Ihre Internetverbindung.',
  retry: 'Erneut versuchen',
  retrying: 'Verbindung wird geprüft …',
  paymentFailed:
    'Leider ist Ihre Zahlung fehlgeschlagen. Bitte überprüfen Sie Ihre Daten und versuchen Sie es erneut.',
  unknownError: 'Ein unbekannter Fehler ist aufgetreten.',
  networkError: 'Der Server ist nicht erreichbar. Bitte überprüfen Sie Ihre Internetverbindung.',
  loginTitle: 'Anmeldung',
  loginIntro: 'Melden Sie sich mit Ihrem Benutzerkonto an, um das Backoffice zu öffnen.',
  username: 'Benutzername',
  password: 'Passwort',
  login: 'Anmelden',
  loggingIn: 'Anmeldung läuft …',
  usernameRequired: 'Bitte geben Sie Ihren Benutzernamen ein.',
  passwordRequired: 'Bitte geben Sie Ihr Passwort ein.',
} as const;

/** Paths of the legal pages the footer links to, with their German titles. */
export const legalPages = [
  { path: 'imprint', title: 'Impressum' },
  { path: 'privacy', title: 'Datenschutz' },
  { path: 'terms-and-conditions', title: 'AGB' },
  { path: 'allergens', title: 'Allergene' },
  { path: 'withdrawal', title: 'Widerrufsbelehrung' },
] as const;

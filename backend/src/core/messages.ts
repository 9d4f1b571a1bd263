/** German texts of the HTTP layer. */
export const HTTP_MESSAGES = {
  notFound: 'Leider wurde die angeforderte Seite nicht gefunden.',
  internal: 'Leider ist ein interner Fehler aufgetreten.',
  badJson: 'Die Anfrage enthält kein gültiges JSON.',
  tooLarge: 'Die Anfrage ist zu groß.',
  unauthorized: 'Bitte melden Sie sich an.',
  forbidden: 'Sie haben keine Berechtigung für diese Aktion.',
  databaseUnavailable: 'Die Datenbank ist nicht erreichbar.',
  temporarilyUnavailable:
    'Der Dienst ist gerade vorübergehend nicht erreichbar. Bitte versuchen Sie es in wenigen Sekunden erneut.',
  storageFull:
    'Der Speicherplatz des Servers ist voll. Es wurde nichts gespeichert; bitte versuchen Sie es später erneut.',
  duplicate: 'Dieser Wert wird bereits verwendet.',
  methodNotAllowed: 'Diese Methode ist hier nicht erlaubt.',
} as const;

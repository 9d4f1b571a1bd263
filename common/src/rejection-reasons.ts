/**
 * The preset reasons staff choose from when they reject an order. The shop keeps them in its configuration as
 * text, one reason per line (`rejectionReasons`); the chosen line is the rejection's message that the
 * customer reads on the status page and in the e-mail, so each is a sentence to the customer.
 */
export const DEFAULT_REJECTION_REASONS: readonly string[] = [
  'Wir haben gerade zu viel los.',
  'Ein Artikel ist ausverkauft.',
  'Ihre Adresse liegt außerhalb unseres Liefergebiets.',
  'Wir haben gerade geschlossen.',
];

/** The longest reason (the rejection message's limit is 2,000 characters; a preset stays short). */
export const REJECTION_REASON_MAX_LENGTH = 200;

/**
 * The reasons of the configuration's text: one per line, trimmed, blank lines and repeats dropped, each cut
 * to {@link REJECTION_REASON_MAX_LENGTH}. `null` or `undefined` (nothing configured yet) gives the defaults;
 * an empty text gives none (the shop wants only free text).
 */
export function rejectionReasonsOf(text: string | null | undefined): string[] {
  if (text === null || text === undefined) return [...DEFAULT_REJECTION_REASONS];
  const reasons = text
    .split(/\r?\n/)
    .map((line) => line.trim().slice(0, REJECTION_REASON_MAX_LENGTH).trim())
    .filter((line) => line !== '');
  return [...new Set(reasons)];
}

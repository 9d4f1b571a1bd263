import { t } from '@ordering/common';

/** "Tisch 7": the table a guest's QR code named, confirmed on the menu and in the checkout (issue 25). */
export function TableConfirmation({ identifier }: { identifier: string }) {
  const name = t('checkout.tableName', { table: identifier });
  return (
    <div className="notice table-notice" role="status">
      <p className="notice__title">{name}</p>
      <p>{t('checkout.atTable', { table: name })}</p>
    </div>
  );
}

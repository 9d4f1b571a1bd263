import { telHref, whatsAppHref } from '@ordering/common';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useStores } from '../stores';

/** The `tel:` and WhatsApp links of a shop's phone number with the shop's country code; null for junk. */
export function usePhoneLinks(phone: string | null | undefined): { tel: string; whatsApp: string } | null {
  const { data } = useStores();
  const tel = telHref(phone, data.phoneCountryCode);
  const whatsApp = whatsAppHref(phone, data.phoneCountryCode);
  return tel && whatsApp ? { tel, whatsApp } : null;
}

/**
 * A phone number as a `tel:` link in E.164; a number no phone can dial (old data from before the check)
 * stays plain text rather than becoming a broken link.
 */
export const PhoneLink = observer(function PhoneLink({
  phone,
  className,
  children,
}: {
  phone: string;
  className?: string;
  children?: ReactNode;
}) {
  const links = usePhoneLinks(phone);
  if (!links) return <span className={className}>{children ?? phone}</span>;
  return (
    <a className={className} href={links.tel}>
      {children ?? phone}
    </a>
  );
});

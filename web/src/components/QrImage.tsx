import { useEffect, useState } from 'react';

/**
 * A QR code of an address as an image; the `qrcode` library loads only when one is shown (device keys in the
 * back office, the kiosk's final screen).
 */
export function QrImage({
  url,
  alt,
  className,
  size = 240,
}: {
  url: string;
  alt: string;
  className: string;
  size?: number;
}) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: size }))
      .then((data) => live && setSrc(data));
    return () => {
      live = false;
    };
  }, [url, size]);
  return src ? (
    <img className={className} src={src} width={size} height={size} alt={alt} />
  ) : (
    <span className={`${className} ${className}--loading`} aria-hidden="true" />
  );
}

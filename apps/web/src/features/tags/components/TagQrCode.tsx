import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { tagStatusPath, tagsLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

/** The tag's QR code: the full address of its public status page, drawn as SVG. */
export function TagQrCode({ token, number }: { token: string; number: string }) {
  const t = useCaptions();
  const address = `${window.location.origin}${tagStatusPath(token)}`;
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((text) => {
      if (live) setSvg(text);
    });
    return () => {
      live = false;
    };
  }, [address]);
  if (!svg) return null;
  return (
    <a href={address} target="_blank" rel="noreferrer" data-testid="tag-qr-link">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
        alt={t(tagsLabels.qrCode, { number })}
        width={112}
        height={112}
      />
    </a>
  );
}

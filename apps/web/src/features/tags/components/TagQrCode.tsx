import { useEffect, useState } from 'react';
import { tagStatusPath, tagsLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

/** The tag's QR code: the full address of its public status page, drawn as SVG. */
export function TagQrCode({ token, number }: { token: string; number: string }) {
  const t = useCaptions();
  const address = `${window.location.origin}${tagStatusPath(token)}`;
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // The encoder is loaded with the first code drawn, not with the permit page's code.
    void import('qrcode')
      .then(({ default: QRCode }) => QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((text) => {
        if (live) setSvg(text);
      });
    return () => {
      live = false;
    };
  }, [address]);
  // The code's place is kept while it is drawn: the card does not move when it arrives.
  if (!svg) return <span style={{ display: 'inline-block', width: 112, height: 112 }} aria-hidden="true" />;
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

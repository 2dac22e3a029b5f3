import { useCallback } from 'react';
import { loginMessageCaptions } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

const byText = new Map(Object.values(loginMessageCaptions).map((caption) => [caption.defaultCaption, caption]));

/**
 * Shows a login message in the user's language. Validation and failures produce the seed's texts
 * (contracts' loginMessages); each is a caption whose default is that text. Other texts (a server's
 * own message) are shown as they are.
 */
export function useLoginMessage() {
  const t = useCaptions();
  return useCallback(
    <T extends string | null | undefined>(text: T): T => {
      const caption = text ? byText.get(text) : undefined;
      return (caption ? t(caption) : text) as T;
    },
    [t],
  );
}

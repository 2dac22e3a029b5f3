import { Badge } from '@mantine/core';
import { tagStateCaptions, type TagState } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';

// Dark shades (WCAG AA on white); the word says the state, colour only helps.
export const tagStateColors: Record<TagState, string> = {
  planned: '#495057',
  printed: '#1c5fa8',
  applied: '#a33a00',
  verified: '#b02a37',
  // Not green: a removed tag no longer protects anyone, nothing to be reassured by.
  removed: '#5c4a1f',
  voided: '#343a40',
  missing: '#862e9c',
};

export function TagStateBadge({ state }: { state: TagState }) {
  const t = useCaptions();
  return (
    <Badge color={tagStateColors[state]} variant="outline" size="lg" data-testid="tag-state">
      {t(tagStateCaptions[state])}
    </Badge>
  );
}

import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { PermitStatus } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { msUntilNextChange, validityLine } from '../model/time-left';

const tones = { upcoming: undefined, running: undefined, ending: '#a33a00', ended: '#b02a37' } as const;

/** "Expires in 3 h 20 min", kept current: it wakes when the shown minute changes, not every second. */
export function TimeLeft({
  plannedStart,
  plannedEnd,
  status,
}: {
  plannedStart: string;
  plannedEnd: string;
  status: PermitStatus;
}) {
  const t = useCaptions();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setTimeout(() => setNow(Date.now()), msUntilNextChange(plannedStart, plannedEnd, now));
    return () => clearTimeout(timer);
  }, [plannedStart, plannedEnd, now]);
  const line = validityLine(plannedStart, plannedEnd, now, t, status);
  return (
    <Text component="span" fw={600} c={tones[line.tone]} data-testid="permit-time-left">
      {line.text}
    </Text>
  );
}

import type { HazardLine, HazardLineInput } from '@hasp/contracts';

/** A control on the form: a list item (with its caption for display) or free text. */
export type FormControl = { itemId: number; caption: string } | { text: string };

/** The line form's values: what the user has entered so far (kept when a save fails). */
export interface LineFormValues {
  jobStep: string;
  hazardItemId: number | null;
  rating: { severity: number; likelihood: number } | null;
  controls: FormControl[];
  residual: { severity: number; likelihood: number } | null;
}

export const emptyLine: LineFormValues = {
  jobStep: '',
  hazardItemId: null,
  rating: null,
  controls: [],
  residual: null,
};

export function lineFormOf(line: HazardLine): LineFormValues {
  return {
    jobStep: line.jobStep,
    hazardItemId: line.hazard.ID,
    rating: { severity: line.severity, likelihood: line.likelihood },
    controls: line.controls.map((c) => (c.item ? { itemId: c.item.ID, caption: c.item.caption } : { text: c.text })),
    residual:
      line.residualSeverity !== null && line.residualLikelihood !== null
        ? { severity: line.residualSeverity, likelihood: line.residualLikelihood }
        : null,
  };
}

/** What the form still lacks before it can be sent (the server checks again and names fields). */
export function lineFormMissing(values: LineFormValues): ('jobStep' | 'hazardItemId' | 'rating')[] {
  const missing: ('jobStep' | 'hazardItemId' | 'rating')[] = [];
  if (!values.jobStep.trim()) missing.push('jobStep');
  if (values.hazardItemId === null) missing.push('hazardItemId');
  if (!values.rating) missing.push('rating');
  return missing;
}

/** The command body of a complete form. */
export function lineInputOf(values: LineFormValues): HazardLineInput {
  return {
    jobStep: values.jobStep.trim(),
    hazardItemId: values.hazardItemId!,
    severity: values.rating!.severity,
    likelihood: values.rating!.likelihood,
    controls: values.controls.map((c) => ('itemId' in c ? { itemId: c.itemId } : { text: c.text })),
    residualSeverity: values.residual?.severity ?? null,
    residualLikelihood: values.residual?.likelihood ?? null,
  };
}

/** Whether a control of these words is on the form already (suggestions already added are not offered again). */
export function hasControlText(controls: readonly FormControl[], text: string): boolean {
  const wanted = text.trim().toLowerCase();
  return controls.some((c) => ('text' in c ? c.text : c.caption).trim().toLowerCase() === wanted);
}

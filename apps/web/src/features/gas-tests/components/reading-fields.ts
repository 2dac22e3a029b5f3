import { gasInLimits, type GasParameter } from '@hasp/contracts';

/** A reading as typed (text until sent); NaN-free number or null. */
export function readingValue(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** Whether a typed reading is out of the parameter's limits (null: nothing typed yet, or not a number). */
export function typedOutOfLimits(text: string, parameter: GasParameter): boolean | null {
  const value = readingValue(text);
  return value === null ? null : !gasInLimits(value, parameter);
}

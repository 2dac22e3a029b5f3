import { createContext, type ComponentType } from 'react';
import { syncChangeCaptions, type Caption, type SyncIssue } from '@hasp/contracts';
import type { Translate } from '../../../lib/i18n';

/** What a command's own conflict view is given: both sides, and how to send a per-field choice. */
export interface ConflictViewProps {
  /** The server's record of the conflict: the device's input and the server's state, who changed it and when. */
  issue: SyncIssue;
  /** The device's stored copy of the permit (its `data`), whose names the device's ids are read by; null when none. */
  deviceCopy: unknown;
  /** A resolution is being sent: the view's own buttons wait too. */
  busy: boolean;
  /** Sends the command again with this input (the user's choice per field); `keptMine` names the fields kept from the device. */
  onMerge: (input: unknown, keptMine: string[]) => void;
}

/**
 * The views that say a command's conflict field by field, by command name. The sync feature knows
 * no domain: the domain that owns a command gives its view (the permits feature the edit's) and
 * app/ composes them; a command without one is said in words without fields.
 */
export type ConflictViews = Readonly<Partial<Record<string, ComponentType<ConflictViewProps>>>>;

export const ConflictViewsContext = createContext<ConflictViews>({});

/** A change made offline as people read it: its caption (never the command's internal name). */
export function changeCaption(name: string): Caption | undefined {
  return Object.hasOwn(syncChangeCaptions, name)
    ? syncChangeCaptions[name as keyof typeof syncChangeCaptions]
    : undefined;
}

/** Its words in the reader's language; a name the catalog lacks (an older app's queue) in plain words. */
export function changeWords(name: string, t: Translate): string {
  const caption = changeCaption(name);
  if (caption) return t(caption);
  const words = name.replace('.', ' ').replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The conflict badge's words: darker than the palette's orange, which is under 4.5:1 on its light background. */
export const conflictInk = '#7a2e0e';

import { signatureLineCaptions, signatureMeaningOf, storedTextCaption, type PermitSignature } from '@hasp/contracts';
import type { Translate } from '../../../lib/i18n';

/** A facility's stored text (a stage's name, a meaning) in the reader's language, or as stored. */
export function storedText(formName: 'Approval_Stage' | 'Signature_Meaning', text: string, t: Translate): string {
  const caption = storedTextCaption(formName, text);
  return caption ? t(caption) : text;
}

/**
 * A signature's manifestation in the reader's language: "Aprobado como autoridad del área por Ann
 * Approver, 2026-11-24 14:05 -06:00". Who and when stay as signed; the meaning is translated (an
 * approval's through its stage's stored meaning, the other verbs' through their captions). Where
 * the meaning reads the same, the text is shown exactly as the server recorded it.
 */
export function signatureLine(
  s: Pick<PermitSignature, 'verb' | 'meaning' | 'signerName' | 'signedAtLocal' | 'text'>,
  t: Translate,
): string {
  const meaning = s.verb === 'approve' ? storedText('Signature_Meaning', s.meaning, t) : t(signatureMeaningOf(s.verb));
  if (meaning === s.meaning) return s.text;
  const capitalized = meaning.charAt(0).toUpperCase() + meaning.slice(1);
  return t(signatureLineCaptions.line, { meaning: capitalized, name: s.signerName, at: s.signedAtLocal });
}

import type { Kysely } from 'kysely';
import {
  captionsOf,
  isolationPlanLabels,
  permitFieldCaptions,
  permitPdfLabels,
  permitRiskCaptions,
  permitStatusCaptions,
  planPointStateCaptions,
  questionStageCaptions,
  questionYesNoCaptions,
  signatureMeanings,
  tagStateCaptions,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { captionTextsForUsers } from '../translations';
import { findFacilityUserById } from '../users';
import { renderPermitPdf } from './permit-pdf.render';
import { readPermitPrint, type PermitPrintViewer } from './permit-print.service';

/** Every caption the job-site copy prints (read once per print, in the reader's language). */
export const permitPdfCaptions = captionsOf(
  permitPdfLabels,
  isolationPlanLabels,
  permitFieldCaptions,
  permitStatusCaptions,
  permitRiskCaptions,
  planPointStateCaptions,
  tagStateCaptions,
  questionStageCaptions,
  questionYesNoCaptions,
  signatureMeanings,
);

/**
 * The address a job-site copy's QR code holds: the permit's page in the app (decision 0072). `origin`
 * is the server's address as the browser reached it, e.g. "https://hasp.example.com".
 */
export function permitStatusUrl(origin: string, permitId: number): string {
  return `${origin}/Permit/Edit/${permitId}`;
}

/**
 * One permit's job-site copy as a PDF file, worded in the viewer's language, for a viewer already
 * allowed to view its type; undefined when the viewer's facility has no such permit.
 */
export async function permitPdfFor(
  db: Kysely<Database>,
  viewer: PermitPrintViewer,
  permitId: number,
  origin: string,
): Promise<{ number: string; pdf: Buffer } | undefined> {
  const print = await readPermitPrint(db, viewer, permitId);
  if (!print) return undefined;
  const { facilityId, userId } = viewer.actor;
  const [texts, user] = await Promise.all([
    captionTextsForUsers(db, facilityId, [userId], permitPdfCaptions),
    findFacilityUserById(db, { facilityId }, userId),
  ]);
  const pdf = await renderPermitPdf(print, {
    statusUrl: permitStatusUrl(origin, permitId),
    text: texts.get(userId)!,
    printedBy: user?.displayName ?? '',
    printedAt: viewer.now,
  });
  return { number: print.permit.number, pdf };
}

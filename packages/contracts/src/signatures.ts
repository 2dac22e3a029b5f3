import * as z from 'zod/mini';
import { idSchema } from './ids';
import { permitRiskLevels, type PermitRiskLevel } from './permits';

/**
 * Approval stages and electronic signatures (decisions 0050 and 0051). A facility
 * configures, per risk level, the stages a permit's approval goes through in order; approving a
 * permit signs its next stage with the signer's password typed again. A signature records who, when
 * (with the facility's UTC offset) and what it means, for one permit revision and one content hash.
 */

/** The most stages one risk level may have. */
export const maxApprovalStages = 5;

const stageName = z.string().check(z.trim(), z.minLength(1, 'Stage name is required'), z.maxLength(100));
const stageMeaning = z.string().check(z.trim(), z.minLength(1, 'Meaning is required'), z.maxLength(200));

/** One stage as the admin screen sends it: who may sign is a security group, or anyone who may approve (null). */
export const approvalStageInputSchema = z.object({
  name: stageName,
  meaning: stageMeaning,
  groupId: z.nullable(idSchema),
});
export type ApprovalStageInput = z.infer<typeof approvalStageInputSchema>;

// At least one stage a level, so a level's approval is always written out: an empty list silently
// fell back to the plain default stage (one approval by anyone who may approve the permit's type).
const stageList = (level: PermitRiskLevel) =>
  z
    .array(approvalStageInputSchema)
    .check(
      z.minLength(
        1,
        `The ${level} risk level needs at least one approval stage: the default one (Approval, by anyone who may approve) or one you name`,
      ),
      z.maxLength(maxApprovalStages),
    );

/** `PUT /api/approval-stages`: every risk level's stages, in order; each level keeps at least one. */
export const approvalStagesUpdateSchema = z.object({
  low: stageList('low'),
  medium: stageList('medium'),
  high: stageList('high'),
});
export type ApprovalStagesUpdate = z.infer<typeof approvalStagesUpdateSchema>;

export const approvalStageSchema = z.object({
  position: z.number(),
  name: z.string(),
  meaning: z.string(),
  groupId: z.nullable(z.number()),
  /** The group's name, or null when anyone who may approve the permit's type signs it. */
  groupName: z.nullable(z.string()),
});
export type ApprovalStage = z.infer<typeof approvalStageSchema>;

/** `GET /api/approval-stages`: the facility's stages by risk level, and the version to send back. */
export const approvalStagesSchema = z.object({
  version: z.number(),
  low: z.array(approvalStageSchema),
  medium: z.array(approvalStageSchema),
  high: z.array(approvalStageSchema),
  /** The facility's security groups, for the stage's "who signs" picker. */
  groups: z.array(z.object({ ID: z.number(), name: z.string() })),
});
export type ApprovalStages = z.infer<typeof approvalStagesSchema>;

/** The stage used when a risk level has none configured: one approval by anyone who may approve. */
export const defaultApprovalStage: ApprovalStage = {
  position: 1,
  name: 'Approval',
  meaning: 'approved',
  groupId: null,
  groupName: null,
};

/** A permit without a risk level follows the lowest level's stages. */
export const approvalLevelOf = (riskLevel: PermitRiskLevel | null): PermitRiskLevel => riskLevel ?? permitRiskLevels[0];

export const signatureMethods = ['password', 'directory', 'sso'] as const;
export type SignatureMethod = (typeof signatureMethods)[number];

export const NO_LONGER_VALID = 'No longer valid: the permit changed after signing';

/** What a signature signs: an approval stage, a verb that hands over responsibility, or an (e)(3) removal. */
export const signatureVerbs = [
  'approve',
  'issue',
  'accept',
  'hand-over',
  'complete-work',
  'abandoned-removal',
] as const;
export type SignatureVerb = (typeof signatureVerbs)[number];

/** Why an approval stopped holding when the permit was edited (stored with the invalidation). */
export const editInvalidationReason = (revision: number) =>
  `The permit was edited after signing (now revision ${revision}): what was signed is no longer what is asked for.`;

export const permitSignatureSchema = z.object({
  ID: z.number(),
  verb: z.enum(signatureVerbs),
  /** Null unless an approval (only an approval signs a stage). */
  stagePosition: z.nullable(z.number()),
  stageName: z.nullable(z.string()),
  meaning: z.string(),
  signerId: z.number(),
  signerName: z.string(),
  signedAt: z.string(),
  /** "2026-11-24 14:05 +01:00": the facility's local time when signed, with its UTC offset. */
  signedAtLocal: z.string(),
  revision: z.number(),
  method: z.enum(signatureMethods),
  /** The permit's signed content is still what was signed (same revision, same hash), and it was not invalidated. */
  valid: z.boolean(),
  /** When and why it stopped holding (an edit after signing); the signature itself stays as signed. */
  invalidated: z.nullable(z.object({ at: z.string(), atLocal: z.string(), reason: z.string() })),
  /** The signature's manifestation as shown and printed: "Approved as area authority by Ann Approver, 2026-11-24 14:05 +01:00". */
  text: z.string(),
});
export type PermitSignature = z.infer<typeof permitSignatureSchema>;

/** `GET /api/permits/:id/signatures`: the stages of the permit's risk level, which are signed, and every signature. */
export const permitApprovalsSchema = z.object({
  riskLevel: z.enum(permitRiskLevels),
  stages: z.array(z.extend(approvalStageSchema, { signed: z.boolean() })),
  /** The stage the next approval signs, or null when none is left. */
  nextStage: z.nullable(approvalStageSchema),
  /** Newest first, those no longer valid included, and the signatures of the other signed verbs. */
  signatures: z.array(permitSignatureSchema),
});
export type PermitApprovals = z.infer<typeof permitApprovalsSchema>;

/** "Approved as area authority by Ann Approver, 2026-11-24 14:05 +01:00". */
export function signatureText(s: { meaning: string; signerName: string; signedAtLocal: string }): string {
  const meaning = s.meaning.charAt(0).toUpperCase() + s.meaning.slice(1);
  return `${meaning} by ${s.signerName}, ${s.signedAtLocal}`;
}

/** The signing refusals the API words (the web shows them as given). */
export const signingRefusals = {
  wrongPassword: 'The password is not correct: the permit was not signed.',
  rateLimited: (minutes: number) =>
    `Too many wrong passwords: signing is refused for ${minutes} more minute${minutes === 1 ? '' : 's'}.`,
  /** Single sign-on users re-authenticate at the identity provider (decision 0059). */
  ssoRateLimited: (minutes: number) =>
    `Too many failed signatures: signing is refused for ${minutes} more minute${minutes === 1 ? '' : 's'}.`,
  ssoOff: 'Single sign-on is off: users without a password cannot sign permits.',
  ssoRequired: 'Sign in again at the identity provider to sign.',
  ssoNotSsoUser: 'Sign with your password: you do not sign in through the identity provider.',
  ssoFailed: 'Signing in again at the identity provider did not succeed: the permit was not signed.',
  ssoOtherUser: 'You signed in at the identity provider as someone else: the permit was not signed.',
  ssoNotFresh: 'The identity provider did not ask you to sign in again: the permit was not signed.',
  ssoExpired: 'Signing took too long: the permit was not signed. Sign in again at the identity provider to sign.',
  ssoReplayed: 'This sign-in at the identity provider was already used: the permit was not signed.',
  ssoPermitChanged: 'The permit changed while you were signing in again: it was not signed. Check it and sign again.',
} as const;

/** Why the identity provider's answer to a signing was refused: the ACS sends the browser back with one of these. */
export const ssoSigningRefusalCodes = ['failed', 'other-user', 'not-fresh', 'expired', 'replayed'] as const;
export type SsoSigningRefusalCode = (typeof ssoSigningRefusalCodes)[number];
export const ssoSigningRefusalMessages: Record<SsoSigningRefusalCode, string> = {
  failed: signingRefusals.ssoFailed,
  'other-user': signingRefusals.ssoOtherUser,
  'not-fresh': signingRefusals.ssoNotFresh,
  expired: signingRefusals.ssoExpired,
  replayed: signingRefusals.ssoReplayed,
};

/** How long a signing at the identity provider may take, from the button to the signature. */
export const ssoSigningMinutes = 5;

/** `GET /api/signatures/method`: how the signed-in user proves it is them when signing. */
export const signingMethodSchema = z.object({
  method: z.enum(signatureMethods),
  /** The identity provider's name (single sign-on users), for "Sign in again at <name> to sign". */
  identityProvider: z.nullable(z.string()),
});
export type SigningMethod = z.infer<typeof signingMethodSchema>;

/** `POST /api/permits/:id/signatures/sso`: the verb to sign (absent: approve, the next approval stage). */
// Nullable: a POST without a body (the approve dialog before signed verbs) reaches the route as null.
export const ssoSigningStartInputSchema = z.optional(
  z.nullable(z.object({ verb: z.optional(z.enum(signatureVerbs)) })),
);

/** `POST /api/permits/:id/signatures/sso`: where the browser goes to sign in again (ForceAuthn). */
export const ssoSigningStartSchema = z.object({ redirectUrl: z.string() });
export type SsoSigningStart = z.infer<typeof ssoSigningStartSchema>;

export const signatureRateLimit = { failures: 5, windowMinutes: 15 } as const;

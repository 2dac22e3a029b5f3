import {
  isolationPlanLabels as P,
  permitPdfLabels as L,
  permitRiskCaptions,
  planPointStateCaptions,
  questionStageCaptions,
  questionYesNoCaptions,
  signatureMeaningOf,
  tagStateCaptions,
  type GasTest,
  type LockboxMember,
  type PlanPoint,
} from '@hasp/contracts';
import type { CaptionText } from '../translations';
import type { PdfWriter } from './pdf-writer';
import type { PermitPrint } from './permit-print.service';

/** What every section drawer needs: the page, the reader's words and the facility's clock. */
export interface SectionContext {
  out: PdfWriter;
  text: CaptionText;
  /** An instant as "2026-11-24 14:05 -06:00": the facility's local time with its UTC offset then. */
  at: (iso: string) => string;
}

const joined = (parts: readonly string[], none: string) => (parts.length ? parts.join(', ') : none);

/** The isolation list: each point in plan order with its state, who isolated and verified it, its locks and tags. */
export function drawIsolation({ out, text, at }: SectionContext, plan: NonNullable<PermitPrint['plan']>): void {
  out.heading(text(L.isolationTitle));
  // The OSHA 1910.147 (d) and (e) steps of the whole plan, each with who did it and when.
  const steps = [
    [P.stepNotify, plan.notified],
    [P.stepShutDown, plan.shutDown],
    [P.stepStoredEnergy, plan.storedEnergyReleased],
    [P.stepInspect, plan.areaInspected],
    [P.stepPeopleClear, plan.peopleClear],
    [P.stepNotifyRelease, plan.releaseNotified],
  ] as const;
  for (const [caption, done] of steps)
    out.field(text(caption), done ? text(P.doneBy, { name: done.by.displayName, at: at(done.at) }) : text(P.notYet));
  if (!plan.points.length) return out.line(text(L.noPoints));
  for (const point of plan.points) drawPoint({ out, text, at }, point);
}

function drawPoint({ out, text, at }: SectionContext, point: PlanPoint): void {
  const none = text(L.none);
  out.line(
    text(L.point, {
      // Positions count from 0 in the plan; people count from 1.
      position: point.position + 1,
      code: point.code,
      location: point.location || none,
      asset: point.asset.number,
      component: point.component.number,
    }),
    { bold: true },
  );
  out.line(
    text(L.pointDevice, {
      device: point.deviceType || none,
      normal: point.normalPosition || none,
      isolated: point.isolatedPosition || point.tagOnlyMeasure || none,
      state: text(planPointStateCaptions[point.state]),
    }),
    { indent: 1 },
  );
  if (point.isolated)
    out.line(text(L.pointIsolated, { name: point.isolated.by.displayName, at: at(point.isolated.at) }), { indent: 1 });
  if (point.verified)
    out.line(
      text(L.pointVerified, {
        name: point.verified.by.displayName,
        at: at(point.verified.at),
        method: point.verifyMethod ?? none,
        result: point.verifyResult ?? none,
      }),
      { indent: 1 },
    );
  if (point.restored)
    out.line(text(L.pointRestored, { name: point.restored.by.displayName, at: at(point.restored.at) }), { indent: 1 });
  for (const lock of point.locks)
    out.line(text(L.pointLock, { serial: lock.serial, name: lock.appliedBy.displayName, at: at(lock.appliedAt) }), {
      indent: 1,
    });
  for (const tag of point.tags) {
    const state = text(tagStateCaptions[tag.state]);
    out.line(
      tag.appliedBy
        ? text(L.pointTag, { number: tag.number, state, name: tag.appliedBy.displayName })
        : text(L.pointTagPlanned, { number: tag.number, state }),
      { indent: 1 },
    );
  }
  if (point.heldBy.length)
    out.line(text(L.heldBy, { numbers: point.heldBy.map((p) => p.number).join(', ') }), { indent: 1 });
}

/** The crew: the group lockbox, its primary, and every member's personal lock (and tag) on and off. */
export function drawCrew({ out, text, at }: SectionContext, crew: NonNullable<PermitPrint['crew']>): void {
  out.heading(text(L.crewTitle));
  const box = crew.lockbox;
  if (!box) return out.line(text(L.noCrew));
  out.line(text(L.lockbox, { number: box.number, name: box.primary.displayName }), { bold: true });
  if (box.keysDepositedAt && box.keysDepositedBy)
    out.line(text(L.keysDeposited, { name: box.keysDepositedBy.displayName, at: at(box.keysDepositedAt) }), {
      indent: 1,
    });
  const member = (m: LockboxMember) => {
    const values = { name: m.user.displayName, serial: m.lock.serial, at: at(m.signedOnAt) };
    out.line(m.signedOffAt ? text(L.memberOff, { ...values, off: at(m.signedOffAt) }) : text(L.member, values), {
      indent: 1,
    });
    if (m.tag)
      out.line(text(L.memberTag, { number: m.tag.number, state: text(tagStateCaptions[m.tag.state]) }), { indent: 2 });
  };
  box.members.forEach(member);
  box.past.forEach(member);
}

/** The hazard analysis: each job step's hazard, its risk before and after the controls, and the controls. */
export function drawHazards({ out, text }: SectionContext, hazards: NonNullable<PermitPrint['hazards']>): void {
  out.heading(text(L.hazardTitle));
  if (!hazards.lines.length) return out.line(text(L.noHazards));
  for (const line of hazards.lines) {
    out.line(
      text(L.hazardLine, {
        position: line.position + 1,
        step: line.jobStep,
        hazard: line.hazard.caption,
        risk: text(permitRiskCaptions[line.risk]),
        residual: line.residualRisk ? text(permitRiskCaptions[line.residualRisk]) : text(L.none),
      }),
      { bold: true },
    );
    out.line(
      text(L.controls, {
        controls: joined(
          line.controls.map((c) => c.text),
          text(L.none),
        ),
      }),
      { indent: 1 },
    );
  }
}

/** The gas tests, newest first, each with its verdict, tester, instrument and readings against their limits. */
export function drawGasTests({ out, text, at }: SectionContext, view: NonNullable<PermitPrint['gasTests']>): void {
  out.heading(text(L.gasTitle));
  if (!view.tests.length) return out.line(text(L.noGasTests));
  for (const test of view.tests) drawGasTest({ out, text, at }, test);
}

function drawGasTest({ out, text, at }: SectionContext, test: GasTest): void {
  out.line(
    text(L.gasTest, {
      at: at(test.testedAt),
      location: test.location || text(L.none),
      verdict: text(test.inLimits ? L.inLimits : L.outOfLimits),
      tester: test.tester.name,
      instrument: test.instrument.name,
      serial: test.instrument.serial,
    }),
    { bold: true },
  );
  for (const r of test.readings) {
    const limits = [r.lowLimit === null ? '' : `>= ${r.lowLimit}`, r.highLimit === null ? '' : `<= ${r.highLimit}`]
      .filter(Boolean)
      .join(' ');
    out.line(text(L.gasReading, { code: r.code, value: r.value, unit: r.unit, limits: limits || text(L.none) }), {
      indent: 1,
    });
  }
  if (test.voided)
    out.line(text(L.gasVoided, { name: test.voided.by, at: at(test.voided.at), reason: test.voided.reason }), {
      indent: 1,
    });
}

/** The questions of every stage with the answer given, who gave it and when. */
export function drawQuestions({ out, text, at }: SectionContext, view: NonNullable<PermitPrint['questions']>): void {
  out.heading(text(L.questionsTitle));
  for (const stage of view.stages) {
    out.line(text(questionStageCaptions[stage.stage]), { bold: true });
    for (const { question, answer } of stage.questions) {
      out.line(question.text, { indent: 1 });
      out.line(
        answer
          ? text(L.answer, {
              answer: answerWords(text, question.answerType, answer.value),
              name: answer.answeredBy.displayName,
              at: at(answer.answeredAt),
            })
          : text(L.notAnswered),
        { indent: 2 },
      );
    }
  }
}

/**
 * Every signature, of every signed verb: its meaning, the signer's name, the time with its UTC
 * offset, and whether it still holds. An invalidated one says when and why under it, so the one
 * that replaces it (given later) follows it on paper.
 */
export function drawSignatures({ out, text }: SectionContext, approvals: PermitPrint['approvals']): void {
  out.heading(text(L.signaturesTitle));
  if (!approvals.signatures.length) return out.line(text(L.noSignatures));
  // Oldest first on paper: the order they were given in.
  for (const s of [...approvals.signatures].reverse()) {
    // A verb's meaning in the reader's words; an approval's is its stage's, as the facility wrote it.
    const signed = s.verb === 'approve' ? s.meaning : text(signatureMeaningOf(s.verb));
    const meaning = signed.charAt(0).toUpperCase() + signed.slice(1);
    // The time as stored with the signature: in the time zone it was signed in, with that offset (Part 11 §11.50).
    out.line(text(L.signature, { meaning, name: s.signerName, at: s.signedAtLocal }), { bold: true });
    if (s.stagePosition !== null) {
      out.line(text(L.signatureStage, { position: s.stagePosition, stage: s.stageName ?? '', revision: s.revision }), {
        indent: 1,
      });
    }
    if (s.invalidated) {
      out.line(text(L.signatureInvalidated, { at: s.invalidated.atLocal, why: s.invalidated.reason }), { indent: 1 });
    } else if (!s.valid) out.line(text(L.signatureInvalid), { indent: 1 });
  }
}

/** A yes/no/N.A. answer in the reader's words (stored as yes, no, na); any other answer as given. */
function answerWords(text: CaptionText, answerType: string, value: string): string {
  if (answerType !== 'yes_no_na' || !Object.hasOwn(questionYesNoCaptions, value)) return value;
  return text(questionYesNoCaptions[value as keyof typeof questionYesNoCaptions]);
}

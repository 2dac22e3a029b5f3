import type { PermitRiskLevel, PermitSection, PermitStatus } from '@hasp/contracts';
import type { Db } from '../../db/schema';

/** What a permit section (isolation plan, questions, hazard analysis…) reads of the permit it belongs to. */
export interface SectionPermit {
  id: number;
  facilityId: number;
  number: string;
  status: PermitStatus;
  permitTypeId: number;
  typeCode: string;
  sections: PermitSection[];
  requesterId: number;
  holderId: number | null;
  riskLevel: PermitRiskLevel | null;
  /** The type's setting: a complete hazard analysis is needed before Requested. */
  hazardAnalysisRequired: boolean;
}

/**
 * The facility's permit a section command or read is about, or undefined (404). `lock`: the
 * permit's row FOR UPDATE — a section command's target locks the permit first, as every permit
 * command does, so the lock order is always permit → section rows.
 */
export async function findSectionPermit(
  db: Db,
  facilityId: number,
  permitId: number,
  lock = false,
): Promise<SectionPermit | undefined> {
  let query = sectionPermitQuery(db, facilityId).where('p.id', '=', permitId);
  if (lock) query = query.forUpdate('p');
  const row = await query.executeTakeFirst();
  return row && sectionPermitOf(row);
}

/** findSectionPermit for many permits of the facility in one statement, by ID (absent: not the facility's). */
export async function findSectionPermits(
  db: Db,
  facilityId: number,
  permitIds: readonly number[],
): Promise<Map<number, SectionPermit>> {
  if (!permitIds.length) return new Map();
  const rows = await sectionPermitQuery(db, facilityId)
    .where('p.id', 'in', [...permitIds])
    .execute();
  return new Map(rows.map((row) => [row.id, sectionPermitOf(row)]));
}

function sectionPermitQuery(db: Db, facilityId: number) {
  return db
    .selectFrom('permits as p')
    .innerJoin('permit_types as t', 't.id', 'p.permit_type_id')
    .select([
      'p.id',
      'p.facility_id',
      'p.number',
      'p.status',
      'p.permit_type_id',
      'p.requester_id',
      'p.holder_id',
      'p.risk_level',
      't.code',
      't.sections',
      't.hazard_analysis_required',
    ])
    .where('p.facility_id', '=', facilityId);
}

function sectionPermitOf(
  row: Awaited<ReturnType<ReturnType<typeof sectionPermitQuery>['executeTakeFirstOrThrow']>>,
): SectionPermit {
  return {
    id: row.id,
    facilityId: row.facility_id,
    number: row.number,
    status: row.status,
    permitTypeId: row.permit_type_id,
    typeCode: row.code,
    sections: row.sections as PermitSection[],
    requesterId: row.requester_id,
    holderId: row.holder_id,
    riskLevel: row.risk_level,
    hazardAnalysisRequired: row.hazard_analysis_required,
  };
}

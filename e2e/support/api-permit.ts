import { expect, type Page } from '@playwright/test';
import { withDatabase } from './database';

export interface ApiPermitOptions {
  /** The permit type's code in North Plant (LOTO, GEN…). */
  type: string;
  /** Give each test its own title: parallel specs share the database. */
  title: string;
  description?: string;
  /** An asset of North Plant by number (e.g. PR-001): the permit's asset and area. */
  assetNumber?: string;
  /** An area of its own (a spec's new area), instead of the asset's: its permits meet no one else's. */
  areaId?: number;
  /** Medium: one approval stage, signed with the approver's password. */
  riskLevel?: 'low' | 'medium' | 'high';
  holderId?: number;
}

/**
 * A North Plant permit made through the API as the token's user (the same request the permit form
 * sends), planned to start in an hour for an hour: its ID and number. Specs that test something else
 * than creating a permit start from here.
 */
export async function createPermitViaApi(
  page: Page,
  token: string,
  options: ApiPermitOptions,
): Promise<{ ID: number; number: string }> {
  const { typeId, assetId, areaId } = await withDatabase(async (client) => {
    const type = await client.query<{ id: number }>('select id from permit_types where facility_id = 1 and code = $1', [
      options.type,
    ]);
    const asset = options.assetNumber
      ? (
          await client.query<{ id: number; areaId: number | null }>(
            'select id, area_id as "areaId" from assets where facility_id = 1 and number = $1',
            [options.assetNumber],
          )
        ).rows[0]
      : undefined;
    return { typeId: type.rows[0]!.id, assetId: asset?.id, areaId: asset?.areaId ?? null };
  });
  const start = new Date(Date.now() + 3_600_000);
  const created = await page.request.post('/api/permits', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      permitTypeId: typeId,
      title: options.title,
      description: options.description ?? '',
      workMethod: '',
      areaId: options.areaId ?? areaId,
      assetIds: assetId ? [assetId] : [],
      plannedStart: start.toISOString(),
      plannedEnd: new Date(start.getTime() + 3_600_000).toISOString(),
      holderId: options.holderId ?? null,
      riskLevel: options.riskLevel ?? null,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()) as { ID: number; number: string };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { areaSchema, assetSchema, type TreeNodeKind } from '@hasp/contracts';
import { assetKeys } from './keys';
import { sendAssetChange } from './send-asset-change';

/** Where a node goes: under an area, under an asset, or (areas only) to the top. */
export type MoveTarget = { kind: TreeNodeKind; ID: number } | null;

export interface MoveRequest {
  node: { kind: TreeNodeKind; ID: number };
  target: MoveTarget;
  /** The version of the moved node the user saw: a newer one on the server answers 409. */
  version: number;
}

/** Moves an area (under an area or to the top) or an asset (into an area or under an asset). */
export async function moveNode({ node, target, version }: MoveRequest): Promise<void> {
  if (node.kind === 'area') {
    await sendAssetChange(`assets/areas/${node.ID}/move`, {
      method: 'POST',
      body: { parentAreaId: target?.ID ?? null, version },
      schema: areaSchema,
    });
    return;
  }
  const body =
    target?.kind === 'asset'
      ? { parentAssetId: target.ID, version }
      : { areaId: target?.ID, parentAssetId: null, version };
  await sendAssetChange(`assets/${node.ID}/move`, { method: 'POST', body, schema: assetSchema });
}

export function useMoveNode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveNode,
    // Paths change for the node and everything below it: drop every cached page and area.
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });
}

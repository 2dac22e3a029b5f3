import { TREE_PAGE_SIZE_MAX, treeChildrenPageSchema, type TreeChildrenPage } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { parseNodeKey, type ParentKey } from '../tree-model';

/** One page of a node's children (the top areas for the root), as many as the server gives at once. */
export function fetchTreeChildren(parentKey: ParentKey, cursor: string | null): Promise<TreeChildrenPage> {
  const parent = parseNodeKey(parentKey);
  return apiRequest('assets/tree', {
    query: {
      parentKind: parent?.kind,
      parentId: parent?.ID,
      limit: TREE_PAGE_SIZE_MAX,
      cursor: cursor ?? undefined,
    },
    schema: treeChildrenPageSchema,
  });
}

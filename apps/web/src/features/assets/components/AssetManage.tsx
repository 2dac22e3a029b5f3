import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  assetManageButtons,
  assetManageLabels,
  assetManageMessages,
  assetManageTitles,
  type Area,
  type Asset,
  type AssetSearchResult,
  type TreeNode,
  type TreeNodeKind,
  type TreePathEntry,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { AssetTreeStore } from '../asset-tree-store';
import { fetchArea } from '../api/get-area';
import { fetchAssetPage } from '../api/get-asset-page';
import { assetKeys } from '../api/keys';
import { moveNode } from '../api/move-node';
import { isStaleConflict, reasonOf } from '../api/send-asset-change';
import { flattenTree, nodeKey, parentsOf, parseNodeKey, ROOT, type NodeKey, type ParentKey } from '../tree-model';
import { AreaDialog, type AreaDialogMode } from './AreaDialog';
import { AssetDialog, type AssetDialogMode } from './AssetDialog';
import { AssetSearch } from './AssetSearch';
import { AssetTree, type RevealRequest } from './AssetTree';
import { MoveDialog, type MoveSubject } from './MoveDialog';
import { NodeDetails, type NodeActions } from './NodeDetails';
import classes from '../AssetManage.module.css';

const parentKeyOf = (path: readonly TreePathEntry[]): ParentKey => (path.length ? nodeKey(path.at(-1)!) : ROOT);
const grandParentKeyOf = (path: readonly TreePathEntry[]): ParentKey =>
  path.length > 1 ? nodeKey(path.at(-2)!) : ROOT;

interface AssetManageProps {
  /** The page heading's "New area" button asks for a top area. */
  creatingTopArea: boolean;
  onCreatingDone: () => void;
}

/**
 * The tree of areas and assets beside the chosen node's details. The chosen node lives in the
 * address (`?node=asset:12`), so a link or a reload opens the tree at it.
 */
export function AssetManage({ creatingTopArea, onCreatingDone }: AssetManageProps) {
  const t = useCaptions();
  const queryClient = useQueryClient();
  const [store] = useState(() => new AssetTreeStore());
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const rows = useMemo(() => flattenTree(state.lists, state.expanded), [state]);
  const [params, setParams] = useSearchParams();
  const selected = parseNodeKey(params.get('node'));
  const selectedKey = selected ? nodeKey(selected) : null;
  const [reveal, setReveal] = useState<RevealRequest | null>(null);
  const [areaDialog, setAreaDialog] = useState<AreaDialogMode | null>(null);
  const [assetDialog, setAssetDialog] = useState<AssetDialogMode | null>(null);
  const [moving, setMoving] = useState<MoveSubject | null>(null);
  const [treeMessage, setTreeMessage] = useState<string | null>(null);
  const revealSeq = useRef(0);

  const select = useCallback(
    (key: NodeKey | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key === null) next.delete('node');
          else next.set('node', key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Opens the path to a node, chooses it and scrolls to it (`takeFocus`: see RevealRequest). */
  const openNode = useCallback(
    async (node: TreeNode, path: readonly TreePathEntry[], takeFocus: boolean) => {
      await store.ensureLoaded(ROOT);
      if (!(await store.openPath(node, path))) return;
      select(nodeKey(node));
      revealSeq.current += 1;
      setReveal({ key: nodeKey(node), seq: revealSeq.current, takeFocus });
    },
    [store, select],
  );

  /** Reads a node again (its place may have changed), refreshes its parent's children and opens it. */
  const showNode = useCallback(
    async (kind: TreeNodeKind, id: number, extraRefresh: ParentKey[] = []) => {
      const found =
        kind === 'area'
          ? await queryClient
              .fetchQuery({ queryKey: assetKeys.area(id), queryFn: () => fetchArea(id) })
              .then((area): [TreeNode, TreePathEntry[]] => [
                {
                  kind,
                  ID: area.ID,
                  number: area.number,
                  name: area.name,
                  status: null,
                  hasChildren: false,
                  childCount: 0,
                },
                area.path,
              ])
          : await queryClient
              .fetchQuery({ queryKey: assetKeys.asset(id), queryFn: () => fetchAssetPage(id) })
              .then((page): [TreeNode, TreePathEntry[]] => [
                {
                  kind,
                  ID: page.asset.ID,
                  number: page.asset.number,
                  name: page.asset.description,
                  status: page.asset.status,
                  hasChildren: false,
                  childCount: 0,
                },
                page.path,
              ]);
      const [node, path] = found;
      store.unpin(nodeKey(node));
      await store.refresh([parentKeyOf(path), grandParentKeyOf(path), ...extraRefresh]);
      // Shown after a change (or from a link): the user may be busy elsewhere on the page by now.
      await openNode(node, path, false);
    },
    [queryClient, store, openNode],
  );

  // First visit: the top areas; a linked node (`?node=`) opens its path once.
  const initialNode = useRef(selected);
  useEffect(() => {
    void store.ensureLoaded(ROOT);
    const linked = initialNode.current;
    if (linked) void showNode(linked.kind, linked.ID).catch(() => undefined);
  }, [store, showNode]);

  /** Someone else changed something: everything shown is read again. */
  const reloadAll = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: assetKeys.all });
    void store.refresh([ROOT, ...store.getSnapshot().expanded]);
  }, [queryClient, store]);

  const moved = useCallback(
    async (node: { kind: TreeNodeKind; ID: number }, oldParent: ParentKey | undefined, label: string | null) => {
      await queryClient.invalidateQueries({ queryKey: assetKeys.all });
      const parents = parentsOf(store.getSnapshot().lists);
      const extra: ParentKey[] = oldParent ? [oldParent] : [];
      const oldGrandParent = oldParent && oldParent !== ROOT ? parents.get(oldParent) : undefined;
      if (oldGrandParent) extra.push(oldGrandParent);
      await showNode(node.kind, node.ID, extra);
      showToast({
        title: '',
        message: label ? t(assetManageMessages.moved, { name: label }) : t(assetManageMessages.movedToTop),
        tone: 'success',
      });
    },
    [queryClient, store, showNode, t],
  );

  const onDropNode = useCallback(
    async (node: TreeNode, target: TreeNode) => {
      setTreeMessage(null);
      const oldParent = parentsOf(store.getSnapshot().lists).get(nodeKey(node));
      try {
        // The version the user saw in the details, else the one stored now.
        const version =
          node.kind === 'area'
            ? (queryClient.getQueryData<Area>(assetKeys.area(node.ID)) ?? (await fetchArea(node.ID))).version
            : (queryClient.getQueryData<{ asset: Asset }>(assetKeys.asset(node.ID)) ?? (await fetchAssetPage(node.ID)))
                .asset.version;
        await moveNode({ node, target, version });
        await moved(node, oldParent, `${target.number} ${target.name}`);
      } catch (error) {
        const reason = reasonOf(error);
        setTreeMessage(
          isStaleConflict(error)
            ? t(assetManageMessages.conflict, { reason })
            : t(assetManageMessages.moveFailed, { reason }),
        );
        if (isStaleConflict(error)) reloadAll();
      }
    },
    [queryClient, store, moved, reloadAll, t],
  );

  const actions: NodeActions = {
    onEditArea: (area) => setAreaDialog({ kind: 'edit', area }),
    onEditAsset: (asset) => setAssetDialog({ kind: 'edit', asset }),
    onNewArea: (parent) =>
      setAreaDialog({ kind: 'create', parent: { ID: parent.ID, label: `${parent.number} ${parent.name}` } }),
    onNewAsset: (placement) =>
      setAssetDialog({
        kind: 'create',
        placement:
          'area' in placement
            ? {
                areaId: placement.area.ID,
                parentAssetId: null,
                label: `${placement.area.number} ${placement.area.name}`,
              }
            : {
                areaId: null,
                parentAssetId: placement.parent.asset.ID,
                label: `${placement.parent.asset.number} ${placement.parent.asset.description}`,
              },
      }),
    onMove: (subject) =>
      setMoving(
        'area' in subject
          ? {
              kind: 'area',
              ID: subject.area.ID,
              number: subject.area.number,
              name: subject.area.name,
              version: subject.area.version,
              parentLabel: subject.area.path.at(-1)?.number ?? t(assetManageLabels.topLevel),
            }
          : {
              kind: 'asset',
              ID: subject.asset.asset.ID,
              number: subject.asset.asset.number,
              name: subject.asset.asset.description,
              version: subject.asset.asset.version,
              parentLabel: subject.asset.path.at(-1)?.number ?? '',
            },
      ),
    onStatusChanged: (asset) => void showNode('asset', asset.ID),
    onConflict: reloadAll,
  };

  const rootList = state.lists.get(ROOT);
  return (
    <div className={classes.layout}>
      <section className={classes.treeColumn} aria-labelledby="asset-manage-tree">
        <h2 id="asset-manage-tree" className={classes.sectionTitle}>
          {t(assetManageTitles.tree)}
        </h2>
        <AssetSearch onChoose={(result: AssetSearchResult) => void openNode(result.node, result.path, true)} />
        {treeMessage && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            withCloseButton
            onClose={() => setTreeMessage(null)}
            closeButtonLabel={t(assetManageButtons.close)}
          >
            {treeMessage}
          </Alert>
        )}
        {rootList?.status === 'error' && rootList.nodes.length === 0 ? (
          <Alert color="red" variant="light" title={t(assetManageMessages.loadFailed)}>
            <Button variant="default" mt="xs" onClick={() => void store.load(ROOT, true)}>
              {t(assetManageButtons.retry)}
            </Button>
          </Alert>
        ) : rootList?.status === 'ready' && rootList.nodes.length === 0 ? (
          <Text>{t(assetManageLabels.emptyTree)}</Text>
        ) : (
          <>
            <Text size="sm" c="gray.7" id="asset-tree-keys">
              {t(assetManageLabels.treeKeys)}
            </Text>
            <AssetTree
              label={t(assetManageTitles.tree)}
              rows={rows}
              selectedKey={selectedKey}
              onSelect={(node) => select(nodeKey(node))}
              onToggle={(key, open) => store.setExpanded(key, open)}
              onLoad={(parentKey) => void store.loadNext(parentKey)}
              onDropNode={(node, target) => void onDropNode(node, target)}
              reveal={reveal}
            />
          </>
        )}
      </section>
      {selected ? (
        <NodeDetails key={selectedKey} selected={selected} actions={actions} />
      ) : (
        <Text className={classes.panel}>{t(assetManageLabels.chooseNode)}</Text>
      )}
      <AreaDialog
        mode={areaDialog ?? (creatingTopArea ? { kind: 'create', parent: null } : null)}
        onClose={() => {
          setAreaDialog(null);
          onCreatingDone();
        }}
        onSaved={(area, isNew) => {
          setAreaDialog(null);
          onCreatingDone();
          showToast({
            title: `${area.number} ${area.name}`,
            message: t(isNew ? assetManageMessages.areaCreated : assetManageMessages.saved),
            tone: 'success',
          });
          void showNode('area', area.ID);
        }}
        onConflict={reloadAll}
      />
      <AssetDialog
        mode={assetDialog}
        onClose={() => setAssetDialog(null)}
        onSaved={(asset, isNew) => {
          setAssetDialog(null);
          showToast({
            title: `${asset.number} ${asset.description}`,
            message: t(isNew ? assetManageMessages.assetCreated : assetManageMessages.saved),
            tone: 'success',
          });
          void queryClient.invalidateQueries({ queryKey: assetKeys.asset(asset.ID) });
          void showNode('asset', asset.ID);
        }}
        onConflict={reloadAll}
      />
      <MoveDialog
        subject={moving}
        onClose={() => setMoving(null)}
        onMoved={(subject, target) => {
          setMoving(null);
          const oldParent = parentsOf(store.getSnapshot().lists).get(nodeKey(subject));
          void moved(subject, oldParent, target?.label ?? null);
        }}
        onConflict={reloadAll}
      />
    </div>
  );
}

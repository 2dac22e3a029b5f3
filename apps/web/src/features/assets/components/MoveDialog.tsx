import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  assetManageButtons,
  assetManageLabels,
  assetManageMessages,
  assetManageTitles,
  type AssetSearchResult,
  type TreeNodeKind,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useMoveNode, type MoveTarget } from '../api/move-node';
import { isStaleConflict, reasonOf } from '../api/send-asset-change';
import { canDrop, nodeKey } from '../tree-model';
import { NodeSearchResults } from './NodeSearchResults';

export interface MoveSubject {
  kind: TreeNodeKind;
  ID: number;
  number: string;
  name: string;
  /** The version the user saw. */
  version: number;
  /** Where it sits now, as shown to the user. */
  parentLabel: string;
}

interface MoveDialogProps {
  subject: MoveSubject | null;
  onClose: () => void;
  /** Moved: under `target` (null: to the top). */
  onMoved: (subject: MoveSubject, target: { kind: TreeNodeKind; ID: number; label: string } | null) => void;
  onConflict: () => void;
}

/** Moves an area or an asset by choosing its new parent from a search. */
export function MoveDialog({ subject, onClose, onMoved, onConflict }: MoveDialogProps) {
  const t = useCaptions();
  return (
    <Modal
      opened={subject !== null}
      onClose={onClose}
      title={subject ? t(assetManageTitles.move, { name: subject.number }) : ''}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(assetManageButtons.close) }}
    >
      {subject && (
        <MoveForm
          key={nodeKey(subject)}
          subject={subject}
          onCancel={onClose}
          onMoved={onMoved}
          onConflict={onConflict}
        />
      )}
    </Modal>
  );
}

function MoveForm({
  subject,
  onCancel,
  onMoved,
  onConflict,
}: {
  subject: MoveSubject;
  onCancel: () => void;
  onMoved: MoveDialogProps['onMoved'];
  onConflict: () => void;
}) {
  const t = useCaptions();
  const move = useMoveNode();
  const [value, setValue] = useState('');
  const [query] = useDebouncedValue(value, 250);
  const [chosen, setChosen] = useState<AssetSearchResult | null>(null);
  const [noChoice, setNoChoice] = useState(false);
  const l = assetManageLabels;

  const send = (target: MoveTarget, label: string | null) => {
    move.mutate(
      { node: subject, target, version: subject.version },
      {
        onSuccess: () => onMoved(subject, target && label !== null ? { ...target, label } : null),
        onError: (error) => {
          if (isStaleConflict(error)) onConflict();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {move.isError && (
        <Alert color="red" variant="light" role="alert">
          {isStaleConflict(move.error)
            ? t(assetManageMessages.conflict, { reason: reasonOf(move.error) })
            : t(assetManageMessages.moveFailed, { reason: reasonOf(move.error) })}
        </Alert>
      )}
      <Text size="sm">{t(l.currentParent, { name: subject.parentLabel })}</Text>
      <TextInput
        type="search"
        label={t(l.newParent)}
        description={t(l['newParent::description'])}
        value={value}
        maxLength={100}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={noChoice ? t(assetManageMessages.chooseParent) : undefined}
        data-autofocus
      />
      <NodeSearchResults
        query={value ? query : ''}
        label={t(l.searchResults)}
        filter={(result) => canDrop(subject, result.node) && !result.path.some((p) => nodeKey(p) === nodeKey(subject))}
        chosenKey={chosen ? nodeKey(chosen.node) : null}
        onChoose={(result) => {
          setChosen(result);
          setNoChoice(false);
        }}
      />
      <Group justify="flex-end">
        {subject.kind === 'area' && (
          <Button variant="default" onClick={() => send(null, null)} loading={move.isPending && !chosen}>
            {t(assetManageButtons.moveToTop)}
          </Button>
        )}
        <Button variant="default" onClick={onCancel}>
          {t(assetManageButtons.cancel)}
        </Button>
        <Button
          loading={move.isPending && chosen !== null}
          onClick={() => {
            if (!chosen) {
              setNoChoice(true);
              return;
            }
            send(chosen.node, `${chosen.node.number} ${chosen.node.name}`);
          }}
        >
          {t(assetManageButtons.moveHere)}
        </Button>
      </Group>
    </Stack>
  );
}

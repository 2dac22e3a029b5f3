import { ActionIcon, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import {
  permitSections,
  permitTypesButtons,
  permitTypesLabels,
  permitTypesMessages,
  type PermitGroup,
  type PermitIcon,
  type PermitType,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { useSavePermitType } from '../api/save-permit-type';
import { reasonOf } from '../api/send-change';
import type { Editing } from './editing';
import classes from '../PermitTypes.module.css';

interface GroupSectionProps {
  group: PermitGroup;
  isFirst: boolean;
  isLast: boolean;
  moving: boolean;
  onMoveGroup: (step: -1 | 1) => void;
  onMoveType: (typeId: number, step: -1 | 1) => void;
  canMoveType: (typeId: number, step: -1 | 1) => boolean;
  onEdit: (editing: Editing) => void;
}

/** One permit group: its heading and actions, then its types in order. */
export function GroupSection(props: GroupSectionProps) {
  const { group, isFirst, isLast, moving, onMoveGroup, onEdit } = props;
  const t = useCaptions();
  const b = permitTypesButtons;
  const headingId = `permit-group-${group.ID}`;
  return (
    <section className={classes.group} aria-labelledby={headingId}>
      <div className={classes.groupHeader}>
        <div className={classes.groupTitle}>
          <Icon name={group.icon} size={22} />
          <h2 id={headingId} className={classes.groupName}>
            {group.name}
          </h2>
          <Text size="sm" c="dimmed">
            {t(permitTypesLabels.typeCount, { count: group.types.length })}
          </Text>
        </div>
        <Group gap={4} wrap="wrap">
          <MoveButtons name={group.name} canUp={!isFirst} canDown={!isLast} disabled={moving} onMove={onMoveGroup} />
          <Tooltip label={t(b.addTypeTo, { name: group.name })}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t(b.addTypeTo, { name: group.name })}
              onClick={() => onEdit({ kind: 'type', type: null, groupId: group.ID })}
            >
              <Icon name="plus" size={18} />
            </ActionIcon>
          </Tooltip>
          <Button
            variant="default"
            size="compact-md"
            aria-label={t(b.editNamed, { name: group.name })}
            onClick={() => onEdit({ kind: 'group', group })}
          >
            {t(b.edit)}
          </Button>
          {group.types.length === 0 && (
            <Button
              variant="default"
              color="red.8"
              size="compact-md"
              aria-label={t(b.deleteNamed, { name: group.name })}
              onClick={() => onEdit({ kind: 'delete', group })}
            >
              {t(b.deleteGroup)}
            </Button>
          )}
        </Group>
      </div>
      {group.types.length === 0 ? (
        <Text size="sm" c="dimmed" className={classes.empty}>
          {t(permitTypesLabels.noTypes)}
        </Text>
      ) : (
        <ul className={classes.types}>
          {group.types.map((type) => (
            <TypeRow key={type.ID} type={type} {...props} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TypeRow({ type, moving, onMoveType, canMoveType, onEdit }: GroupSectionProps & { type: PermitType }) {
  const t = useCaptions();
  const l = permitTypesLabels;
  const b = permitTypesButtons;
  const save = useSavePermitType();
  const toggleActive = () => {
    const { ID, code: _code, sortOrder: _order, ...rest } = type;
    save.mutate({ id: ID, input: { ...rest, icon: rest.icon as PermitIcon, isActive: !type.isActive } });
  };
  return (
    <li className={classes.type} data-inactive={!type.isActive || undefined}>
      <div className={classes.typeMain}>
        <span className={classes.swatch} style={{ backgroundColor: type.color }} aria-hidden="true" />
        <Icon name={type.icon} size={20} />
        <div className={classes.typeText}>
          <Text fw={600} component="span">
            {type.name}
          </Text>
          <Group gap={6} wrap="wrap">
            <Badge variant="outline" color="gray.8" radius="sm">
              {type.code}
            </Badge>
            <Text size="sm" component="span">
              {t(l.prefix)}: <code>{type.prefix}</code>
            </Text>
            <Text size="sm" component="span">
              {t(l.validity, { hours: type.maxValidityHours })}
            </Text>
            {type.offlineEnabled && (
              <Badge color="teal.9" variant="filled">
                {t(l.offline)}
              </Badge>
            )}
            {!type.isActive && (
              <Badge color="gray.8" variant="filled">
                {t(l.inactive)}
              </Badge>
            )}
          </Group>
          <ul className={classes.sections} aria-label={t(l.sections)}>
            {permitSections
              .filter((s) => type.sections.includes(s))
              .map((s) => (
                <li key={s}>{t(l[`section::${s}`])}</li>
              ))}
          </ul>
          {save.isError && (
            <Text size="sm" c="red.8" role="alert">
              {t(permitTypesMessages.saveFailed, { reason: reasonOf(save.error) })}
            </Text>
          )}
        </div>
      </div>
      <Group gap={4} wrap="wrap" className={classes.typeActions}>
        <MoveButtons
          name={type.name}
          canUp={canMoveType(type.ID, -1)}
          canDown={canMoveType(type.ID, 1)}
          disabled={moving}
          onMove={(step) => onMoveType(type.ID, step)}
        />
        <Button
          variant="default"
          size="compact-md"
          aria-label={t(b.editNamed, { name: type.name })}
          onClick={() => onEdit({ kind: 'type', type, groupId: type.groupId })}
        >
          {t(b.edit)}
        </Button>
        <Button
          variant="default"
          size="compact-md"
          loading={save.isPending}
          aria-label={t(type.isActive ? b.deactivateNamed : b.reactivateNamed, { name: type.name })}
          onClick={toggleActive}
        >
          {t(type.isActive ? b.deactivate : b.reactivate)}
        </Button>
      </Group>
    </li>
  );
}

function MoveButtons({
  name,
  canUp,
  canDown,
  disabled,
  onMove,
}: {
  name: string;
  canUp: boolean;
  canDown: boolean;
  disabled: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  const t = useCaptions();
  return (
    <>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t(permitTypesButtons.moveUp, { name })}
        disabled={!canUp || disabled}
        onClick={() => onMove(-1)}
      >
        <Icon name="chevron-up" size={18} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t(permitTypesButtons.moveDown, { name })}
        disabled={!canDown || disabled}
        onClick={() => onMove(1)}
      >
        <Icon name="chevron-down" size={18} />
      </ActionIcon>
    </>
  );
}

import { useState } from 'react';
import { Badge, Button, Center, Group, Loader, Table, Text, Title } from '@mantine/core';
import {
  administratorButtons,
  administratorLabels,
  administratorMessages,
  administratorTitles,
  type AdminFacility,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useAdminFacilities } from '../api/facilities';
import { badgeColors } from '../badge-colors';
import { FacilityDrawer } from './FacilityDrawer';
import { LoadFailed } from './LoadFailed';
import classes from '../Administrator.module.css';

/** The connection's facilities: a table, and a drawer to create or edit one. */
export function FacilitiesSection() {
  const t = useCaptions();
  const facilities = useAdminFacilities();
  const [editing, setEditing] = useState<AdminFacility | 'new' | null>(null);
  const l = administratorLabels;
  const list = facilities.data ?? [];
  const nameOf = (id: number | null) => (id === null ? '' : (list.find((f) => f.ID === id)?.name ?? `#${id}`));

  return (
    <section aria-labelledby="admin-facilities-heading" className={classes.section}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} id="admin-facilities-heading" className={classes.sectionTitle}>
          {t(administratorTitles.facilities)}
        </Title>
        <Button leftSection={<Icon name="plus" size={18} />} onClick={() => setEditing('new')}>
          {t(administratorButtons.createFacility)}
        </Button>
      </Group>
      {facilities.isPending ? (
        <Center py="xl">
          <Loader aria-label={t(administratorTitles.facilities)} />
        </Center>
      ) : facilities.isError ? (
        <LoadFailed onRetry={() => void facilities.refetch()} />
      ) : list.length === 0 ? (
        <Text>{t(administratorMessages.noFacilities)}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={t(l.facilitiesTable)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t(l.name)}</Table.Th>
                <Table.Th scope="col">{t(l.parent)}</Table.Th>
                <Table.Th scope="col">{t(l.status)}</Table.Th>
                <Table.Th scope="col">{t(l.timeZone)}</Table.Th>
                <Table.Th scope="col">
                  <span className={classes.visuallyHidden}>{t(l.actions)}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((facility) => (
                <Table.Tr key={facility.ID} data-facility-id={facility.ID}>
                  <Table.Th scope="row" className={classes.rowHeader}>
                    {facility.name}
                    {facility.isCurrent && (
                      <Badge className={classes.badge} variant="outline" color={badgeColors.info} ml="xs" size="sm">
                        {t(l.current)}
                      </Badge>
                    )}
                  </Table.Th>
                  <Table.Td>{nameOf(facility.companyID)}</Table.Td>
                  <Table.Td>
                    <Badge
                      className={classes.badge}
                      variant="outline"
                      color={facility.isActive ? badgeColors.good : badgeColors.neutral}
                    >
                      {t(facility.isActive ? l.active : l.inactive)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{facility.timeZone}</Table.Td>
                  <Table.Td className={classes.actionsCell}>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<Icon name="pencil" size={16} />}
                      aria-label={t(administratorButtons.editFacility, { name: facility.name })}
                      onClick={() => setEditing(facility)}
                    >
                      {t(administratorButtons.edit)}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FacilityDrawer
        editing={editing}
        facilities={list}
        onClose={() => setEditing(null)}
        onSaved={(saved, created) => {
          setEditing(null);
          showToast({
            title: saved.name,
            message: t(created ? administratorMessages.facilityCreated : administratorMessages.facilitySaved),
            tone: 'success',
          });
        }}
      />
    </section>
  );
}

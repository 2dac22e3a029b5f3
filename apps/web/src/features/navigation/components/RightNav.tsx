import { ActionIcon, Drawer, Menu, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { shellLabels, shellRightNavEntries, shellRightNavGroups, type Caption } from '@hasp/contracts';
import { Icon, type IconName } from '../../../components/Icon';
import { useCaptions, type Translate } from '../../../lib/i18n';
import type { RightNavItem, RightNavSection } from '../nav-rules';
import classes from './RightNav.module.css';

const sectionIcons: Record<string, IconName> = {
  Administrator: 'crown',
  'Settings Manager': 'adjustments',
  Security: 'shield',
  Asset: 'factory',
  'Master List': 'list-details',
  'Print Manage': 'printer',
  Settings: 'settings',
  translations: 'language',
  connect: 'plug',
};

/**
 * Each icon says its name on hover, on keyboard focus and on a long touch: a new administrator could
 * not find Asset, Print or Connect from the icons alone (Mantine's default names them on hover only).
 */
const nameOnHoverAndFocus = { hover: true, focus: true, touch: true };

function sectionKey(section: RightNavSection): string {
  return section.group ?? section.items[0]!.id;
}

function sectionLabel(section: RightNavSection, t: Translate): string {
  return section.group ? groupText(section.group, t) : t(shellRightNavEntries[section.items[0]!.id]);
}

function groupText(group: string, t: Translate): string {
  const caption = shellRightNavGroups[group as keyof typeof shellRightNavGroups] as Caption | undefined;
  return caption ? t(caption) : group;
}

function isCurrent(item: RightNavItem, pathname: string): boolean {
  return pathname.toLowerCase() === item.route.toLowerCase();
}

/**
 * The right nav's compact form: one icon per group (its entries in a menu) or per single entry,
 * each named by a tooltip and its accessible name.
 */
export function RightNavBar({ sections }: { sections: RightNavSection[] }) {
  const { pathname } = useLocation();
  const t = useCaptions();
  return (
    <ul className={classes.bar}>
      {sections.map((section) => {
        const key = sectionKey(section);
        const label = sectionLabel(section, t);
        const icon = <Icon name={sectionIcons[key] ?? 'list'} size={22} />;
        const current = section.items.some((item) => isCurrent(item, pathname));
        if (section.group === null) {
          const item = section.items[0]!;
          return (
            <li key={key}>
              <Tooltip
                label={item.enabled ? label : `${label}: ${t(shellLabels.noPermission).toLowerCase()}`}
                position="left"
                withArrow
                events={nameOnHoverAndFocus}
              >
                {item.enabled ? (
                  <ActionIcon
                    component={Link}
                    to={item.route}
                    size={40}
                    variant={current ? 'light' : 'subtle'}
                    className={classes.icon}
                    aria-label={label}
                    aria-current={current ? 'page' : undefined}
                  >
                    {icon}
                  </ActionIcon>
                ) : (
                  <ActionIcon
                    component="span"
                    role="link"
                    size={40}
                    variant="subtle"
                    className={classes.icon}
                    aria-label={label}
                    aria-disabled="true"
                    data-disabled
                    tabIndex={0}
                  >
                    {icon}
                  </ActionIcon>
                )}
              </Tooltip>
            </li>
          );
        }
        return (
          <li key={key}>
            <Menu
              position="left-start"
              offset={10}
              withArrow
              shadow="md"
              width={250}
              withInitialFocusPlaceholder={false}
            >
              <Menu.Target>
                <Tooltip label={label} position="left" withArrow events={nameOnHoverAndFocus}>
                  <ActionIcon
                    size={40}
                    variant={current ? 'light' : 'subtle'}
                    className={classes.icon}
                    aria-label={label}
                  >
                    {icon}
                  </ActionIcon>
                </Tooltip>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{groupText(section.group, t)}</Menu.Label>
                {section.items.map((item) =>
                  item.enabled ? (
                    <Menu.Item
                      key={item.id}
                      component={Link}
                      to={item.route}
                      aria-current={isCurrent(item, pathname) ? 'page' : undefined}
                    >
                      {t(shellRightNavEntries[item.id])}
                    </Menu.Item>
                  ) : (
                    <Menu.Item key={item.id} disabled title={t(shellLabels.noPermission)}>
                      {t(shellRightNavEntries[item.id])}
                    </Menu.Item>
                  ),
                )}
              </Menu.Dropdown>
            </Menu>
          </li>
        );
      })}
    </ul>
  );
}

/** The right nav spelled out: group headings with their entries; single entries without one. */
export function RightNavList({ sections, onNavigate }: { sections: RightNavSection[]; onNavigate?: () => void }) {
  const t = useCaptions();
  const { pathname } = useLocation();
  return (
    <div className={classes.list}>
      {sections.map((section) => {
        const key = sectionKey(section);
        return (
          <section
            key={key}
            className={classes.section}
            aria-label={section.group ? groupText(section.group, t) : undefined}
          >
            {section.group !== null && (
              <h3 className={classes.heading}>
                <Icon name={sectionIcons[key] ?? 'list'} size={18} />
                {groupText(section.group, t)}
              </h3>
            )}
            <ul className={classes.entries}>
              {section.items.map((item) => (
                <li key={item.id}>
                  {item.enabled ? (
                    <Link
                      to={item.route}
                      className={classes.entry}
                      onClick={onNavigate}
                      aria-current={isCurrent(item, pathname) ? 'page' : undefined}
                      data-single={section.group === null || undefined}
                    >
                      {section.group === null && <Icon name={sectionIcons[key] ?? 'list'} size={18} />}
                      {t(shellRightNavEntries[item.id])}
                    </Link>
                  ) : (
                    <span
                      className={classes.entry}
                      role="link"
                      aria-disabled="true"
                      title={t(shellLabels.noPermission)}
                      data-disabled
                      data-single={section.group === null || undefined}
                    >
                      {section.group === null && <Icon name={sectionIcons[key] ?? 'list'} size={18} />}
                      {t(shellRightNavEntries[item.id])}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

interface RightNavDrawerProps {
  opened: boolean;
  onClose: () => void;
  sections: RightNavSection[];
}

/** The labelled right nav in a drawer: the whole menu on phones, or on demand on a desktop. */
export function RightNavDrawer({ opened, onClose, sections }: RightNavDrawerProps) {
  const t = useCaptions();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={300}
      title={t(shellLabels.administration)}
      closeButtonProps={{ 'aria-label': t(shellLabels.closeAdministrationMenu) }}
      classNames={{ title: classes.drawerTitle }}
    >
      <RightNavList sections={sections} onNavigate={onClose} />
    </Drawer>
  );
}

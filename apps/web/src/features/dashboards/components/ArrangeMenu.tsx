import { ActionIcon, Menu } from '@mantine/core';
import { dashboardsButtons } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import type { ArrangeStep } from '../arrange';
import classes from './Dashboard.module.css';

/** Each step's button words and the arrow shown beside them (the words are what is read aloud). */
const steps = {
  earlier: { caption: dashboardsButtons.moveUp, sign: '↑' },
  later: { caption: dashboardsButtons.moveDown, sign: '↓' },
  up: { caption: dashboardsButtons.moveUp, sign: '↑' },
  down: { caption: dashboardsButtons.moveDown, sign: '↓' },
  left: { caption: dashboardsButtons.moveLeft, sign: '←' },
  right: { caption: dashboardsButtons.moveRight, sign: '→' },
  wider: { caption: dashboardsButtons.wider, sign: '↔' },
  narrower: { caption: dashboardsButtons.narrower, sign: '⇥' },
  taller: { caption: dashboardsButtons.taller, sign: '↕' },
  shorter: { caption: dashboardsButtons.shorter, sign: '⤒' },
} satisfies Record<ArrangeStep, unknown>;

/** One column (a phone) moves in reading order only; the grid moves and resizes by one cell. */
export const stackSteps: ArrangeStep[] = ['earlier', 'later'];
export const gridSteps: ArrangeStep[] = ['up', 'down', 'left', 'right', 'wider', 'narrower', 'taller', 'shorter'];

/**
 * The keyboard's way to arrange a widget (react-grid-layout's drag and resize are for a pointer):
 * a menu of steps that stays open, so a step can be pressed again; each is saved like a drag and
 * the new place is announced by the dashboard.
 */
export function ArrangeMenu({
  title,
  single,
  onStep,
}: {
  title: string;
  single: boolean;
  onStep: (step: ArrangeStep) => void;
}) {
  const t = useCaptions();
  return (
    <Menu position="bottom-end" closeOnItemClick={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          size={44}
          className="widget-no-drag"
          aria-label={t(dashboardsButtons.arrangeWidget, { widget: title })}
        >
          <span aria-hidden="true">✥</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {(single ? stackSteps : gridSteps).map((step) => (
          <Menu.Item
            key={step}
            className={classes.touch}
            data-step={step}
            leftSection={<span aria-hidden="true">{steps[step].sign}</span>}
            onClick={() => onStep(step)}
          >
            {t(steps[step].caption)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

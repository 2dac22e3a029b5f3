import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Steel blue: the working colour of the interface. Shade 8 keeps white text above 7:1. */
const steel: MantineColorsTuple = [
  '#eef3f8',
  '#dce5ef',
  '#b6c8dc',
  '#8daac8',
  '#6a90b6',
  '#5480ac',
  '#4677a8',
  '#376593',
  '#2c5884',
  '#1c4b76',
];

/** Safety amber, used sparingly for accents (the hazard stripe, the lock in the mark). */
const safety: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#f2b705',
  '#e39a00',
  '#ca8800',
  '#af7400',
];

export const theme = createTheme({
  primaryColor: 'steel',
  primaryShade: 8,
  colors: { steel, safety },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'sm',
  focusRing: 'auto',
  cursorType: 'pointer',
});

/**
 * Mantine's default dimmed grey and error red are under 4.5:1 on white; these shades pass WCAG AA
 * for small text (field errors are 12 px).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

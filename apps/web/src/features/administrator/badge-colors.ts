/** Badge colours dark enough for outline badges on white to meet WCAG AA contrast (Mantine's light shades do not). */
export const badgeColors = {
  good: '#1b5e20',
  neutral: '#495057',
  bad: '#b71c1c',
  info: '#283593',
} as const;

import type { ReactNode } from 'react';

/**
 * Line icons drawn on a 24-unit grid (the style of Tabler icons, MIT), kept here so the app needs
 * no icon package. Names match the `icon` values the server sends for permit groups and types.
 */
const icons = {
  home: (
    <>
      <path d="M5 12H3l9-9 9 9h-2" />
      <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
      <path d="M9 21v-6a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v6" />
    </>
  ),
  dashboard: (
    <>
      <rect x="4" y="4" width="6" height="8" rx="1" />
      <rect x="4" y="16" width="6" height="4" rx="1" />
      <rect x="14" y="12" width="6" height="8" rx="1" />
      <rect x="14" y="4" width="6" height="4" rx="1" />
    </>
  ),
  megaphone: (
    <>
      <path d="M18 8a3 3 0 0 1 0 6" />
      <path d="M10 8v11a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1v-5" />
      <path d="M12 8l4.524-3.77A.9.9 0 0 1 18 4.922v12.156a.9.9 0 0 1-1.476.692L12 14H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1h8" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <circle cx="12" cy="16" r="1" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </>
  ),
  'lock-clock': (
    <>
      <path d="M11.5 21H7a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2h10" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      <circle cx="18" cy="18" r="4" />
      <path d="M18 16.5V18l.75.75" />
    </>
  ),
  clipboard: (
    <>
      <path d="M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2" />
      <rect x="9" y="3" width="6" height="4" rx="2" />
    </>
  ),
  flame: (
    <path d="M12 12c2-2.96 0-7-1-8 0 3.038-1.773 4.741-3 6-1.226 1.26-2 3.24-2 5a6 6 0 1 0 12 0c0-1.532-1.056-3.94-2-5-1.786 3-2.791 3-4 2z" />
  ),
  box: (
    <>
      <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3" />
      <path d="M12 12l8-4.5M12 12v9M12 12L4 7.5" />
    </>
  ),
  bolt: <path d="M13 3v7h6l-8 11v-7H5l8-11" />,
  tool: <path d="M7 10h3V7L6.5 3.5a6 6 0 0 1 8 8l6 6a2 2 0 0 1-3 3l-6-6a6 6 0 0 1-8-8L7 10" />,
  folder: <path d="M5 4h4l3 3h7a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2" />,
  file: (
    <>
      <path d="M14 3v4a1 1 0 0 0 1 1h4" />
      <path d="M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z" />
    </>
  ),
  plus: <path d="M12 5v14M5 12h14" />,
  list: <path d="M9 6h11M9 12h11M9 18h11M5 6v.01M5 12v.01M5 18v.01" />,
  'cloud-off': (
    <>
      <path d="M3 3l18 18" />
      <path d="M18 18H6.66C4.08 18 2 15.99 2 13.52c0-2.48 2.08-4.49 4.66-4.49.22-.98.77-1.86 1.54-2.54" />
      <path d="M10.3 5.3a5.7 5.7 0 0 1 7.5 4.2h1.2A3.5 3.5 0 0 1 21.9 15" />
    </>
  ),
  wifi: (
    <>
      <path d="M12 18h.01" />
      <path d="M9.17 15.17a4 4 0 0 1 5.66 0" />
      <path d="M6.34 12.34a8 8 0 0 1 11.32 0" />
      <path d="M3.52 9.52c4.68-4.69 12.28-4.69 16.96 0" />
    </>
  ),
  'wifi-off': (
    <>
      <path d="M12 18h.01" />
      <path d="M9.17 15.17a4 4 0 0 1 5.66 0" />
      <path d="M6.34 12.34a8 8 0 0 1 4.4-2.24M14.9 10.5a8 8 0 0 1 2.76 1.84" />
      <path d="M3.52 9.52a12 12 0 0 1 3.7-2.5M11 6a12 12 0 0 1 9.48 3.52" />
      <path d="M3 3l18 18" />
    </>
  ),
  crown: <path d="M12 6l4 6 5-4-2 10H5L3 8l5 4z" />,
  adjustments: (
    <>
      <path d="M4 6h8M16 6h4M4 12h2M10 12h10M4 18h11M19 18h1" />
      <circle cx="14" cy="6" r="2" />
      <circle cx="8" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21 12 12 0 0 1 3.5 6 12 12 0 0 0 12 3" />
      <rect x="9" y="11" width="6" height="5" rx="1" />
      <path d="M10 11V9.5a2 2 0 0 1 4 0V11" />
    </>
  ),
  factory: (
    <>
      <path d="M3 21h18" />
      <path d="M5 21V9l5 3V9l5 3V5h4v16" />
      <path d="M9 17h1M14 17h1" />
    </>
  ),
  'list-details': (
    <>
      <path d="M13 5h8M13 9h5M13 15h8M13 19h5" />
      <rect x="3" y="4" width="6" height="6" rx="1" />
      <rect x="3" y="14" width="6" height="6" rx="1" />
    </>
  ),
  printer: (
    <>
      <path d="M17 17h2a2 2 0 0 0 2-2v-4a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v4a2 2 0 0 0 2 2h2" />
      <path d="M17 9V5a2 2 0 0 0-2-2H9a2 2 0 0 0-2 2v4" />
      <rect x="7" y="13" width="10" height="8" rx="2" />
    </>
  ),
  language: (
    <>
      <path d="M4 5h7M9 3v2c0 4.42-2.24 8-5 8" />
      <path d="M5 9c0 2.14 2.95 3.91 6.7 4" />
      <path d="M12 20l4-9 4 9M19.1 18h-6.2" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
    </>
  ),
  plug: (
    <>
      <path d="M9.79 6L18 14.22l-2.05 2.05a5.81 5.81 0 1 1-8.22-8.22L9.79 6z" />
      <path d="M4 20l3.5-3.5M15 4l-3.5 3.5M20 9l-3.5 3.5" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="7" r="4" />
      <path d="M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />
    </>
  ),
  logout: (
    <>
      <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2" />
      <path d="M9 12h12l-3-3M18 15l3-3" />
    </>
  ),
  server: (
    <>
      <rect x="3" y="4" width="18" height="8" rx="3" />
      <rect x="3" y="12" width="18" height="8" rx="3" />
      <path d="M7 8v.01M7 16v.01" />
    </>
  ),
  apps: (
    <>
      <rect x="4" y="4" width="6" height="6" rx="1" />
      <rect x="14" y="4" width="6" height="6" rx="1" />
      <rect x="4" y="14" width="6" height="6" rx="1" />
      <rect x="14" y="14" width="6" height="6" rx="1" />
    </>
  ),
  'chevron-down': <path d="M6 9l6 6 6-6" />,
  'chevron-right': <path d="M9 6l6 6-6 6" />,
  x: <path d="M18 6L6 18M6 6l12 12" />,
  bell: (
    <>
      <path d="M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2-3v-3a7 7 0 0 1 4-6" />
      <path d="M9 17v1a3 3 0 0 0 6 0v-1" />
    </>
  ),
  checks: <path d="M7 12l5 5L22 7M2 12l5 5m5-5l5-5" />,
  trash: (
    <path d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3" />
  ),
  'alert-triangle': (
    <>
      <path d="M12 9v4M12 16v.01" />
      <path d="M10.24 3.96L2.39 17.06a2 2 0 0 0 1.71 2.94h15.8a2 2 0 0 0 1.71-2.94L13.76 3.96a2 2 0 0 0-3.52 0z" />
    </>
  ),
  'device-desktop': (
    <>
      <rect x="3" y="4" width="18" height="12" rx="1" />
      <path d="M7 20h10M9 16v4M15 16v4" />
    </>
  ),
  'device-mobile': (
    <>
      <rect x="6" y="3" width="12" height="18" rx="2" />
      <path d="M11 4h2M12 17v.01" />
    </>
  ),
  'info-circle': (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8h.01M11 12h1v4h1" />
    </>
  ),
  pencil: <path d="M4 20h4L18.5 9.5a2.83 2.83 0 0 0-4-4L4 16v4M13.5 6.5l4 4" />,
  check: <path d="M5 12l5 5L20 7" />,
  'arrow-back-up': <path d="M9 14l-4-4 4-4M5 10h11a4 4 0 1 1 0 8h-1" />,
  'chevron-up': <path d="M6 15l6-6 6 6" />,
  grip: <path d="M9 5v.01M9 12v.01M9 19v.01M15 5v.01M15 12v.01M15 19v.01" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof icons;

function isIconName(name: string): name is IconName {
  return Object.hasOwn(icons, name);
}

interface IconProps {
  /** An icon name; unknown names (from server data) fall back to `fallback`. */
  name: string;
  fallback?: IconName;
  size?: number;
  className?: string;
}

/** A decorative line icon (hidden from assistive tech: the control around it carries the name). */
export function Icon({ name, fallback = 'file', size = 20, className }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {icons[isIconName(name) ? name : fallback]}
    </svg>
  );
}

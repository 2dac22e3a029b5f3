import type { ReactNode } from 'react';
import classes from './FormMessage.module.css';

interface FormMessageProps {
  /** `error` for refusals and failures, `warning` for a choice that cannot go on (no facilities). */
  tone: 'error' | 'warning';
  id?: string;
  children: ReactNode;
}

/**
 * A message about a whole form, announced when it appears. Lighter than Mantine's Alert, which
 * matters on the login route (150 KB budget).
 */
export function FormMessage({ tone, id, children }: FormMessageProps) {
  return (
    <div role="alert" id={id} className={classes.root} data-tone={tone}>
      <svg className={classes.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path
          d="M10 2.5 18.5 17h-17L10 2.5Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
        <path d="M10 8v4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        <circle cx="10" cy="14.4" r="1" fill="currentColor" />
      </svg>
      <div>{children}</div>
    </div>
  );
}

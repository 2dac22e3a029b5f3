import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { loginLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from './LoginPage.module.css';

/** The login form's password, with a button that shows it (typed on a phone's keyboard, often wrong). */
export function PasswordField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (password: string) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const t = useCaptions();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      label={t(loginLabels.password)}
      required
      type={visible ? 'text' : 'password'}
      autoComplete="current-password"
      autoCapitalize="none"
      spellCheck={false}
      rightSection={
        <button
          type="button"
          className={classes.reveal}
          aria-label={t(loginLabels.showPassword)}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
        </button>
      }
      rightSectionPointerEvents="all"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-6.5 10-6.5S22 12 22 12s-3.6 6.5-10 6.5S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed && <path d="M4 20 20 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </svg>
  );
}

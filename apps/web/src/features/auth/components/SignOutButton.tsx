import { Button, type ButtonProps } from '@mantine/core';
import { useLogout } from '../api/logout';

/** Ends the session here and on the server; the layout then shows the login screen. */
export function SignOutButton(props: Omit<ButtonProps, 'loading' | 'onClick'>) {
  const logout = useLogout();
  return (
    <Button {...props} loading={logout.isPending} onClick={() => logout.mutate()}>
      Sign out
    </Button>
  );
}

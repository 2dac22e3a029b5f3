import type { Locator, Page } from '@playwright/test';
import { withDatabase } from './database';
import { demo } from './hasp';
import { FIRST_LOAD_TIMEOUT_MS } from './platform';

/**
 * Opens the permit, taps Approve and signs the next approval stage with this password (an
 * electronic signature: the approver types it again). Answers the dialog: it closes once signed,
 * and stays open with the server's reason when the signature is refused.
 */
export async function approveWithPassword(
  page: Page,
  permitUrl: string,
  password: string = demo.password,
): Promise<Locator> {
  await page.goto(permitUrl);
  await page
    .getByRole('main')
    .getByRole('button', { name: 'Approve', exact: true })
    .click({ timeout: FIRST_LOAD_TIMEOUT_MS });
  const dialog = page.getByRole('dialog');
  // The input, not the loader that carries the same label while the signing method loads.
  await dialog.locator('input').and(dialog.getByLabel('Your password')).fill(password);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  return dialog;
}

/**
 * In an open command dialog of a signed verb (Issue, Accept, Hand over, Complete work, Approve): types
 * the signer's password into the dialog's signing field, then taps the dialog's button `command`.
 */
export async function signInDialog(dialog: Locator, command: string, password: string = demo.password): Promise<void> {
  // The input, not the loader that carries the same label while the signing method loads.
  await dialog.locator('input').and(dialog.getByLabel('Your password')).fill(password);
  await dialog.getByRole('button', { name: command, exact: true }).click();
}

/** Adds a (test-made) user to North Plant's "Safety Officers", who sign high risk's second stage (decision 0050). */
export async function joinSafetyOfficers(user: { userName: string }): Promise<void> {
  await withDatabase((client) =>
    client.query(
      `insert into user_groups (user_id, group_id)
       select u.id, g.id from users u, groups g
       where u.user_name = $1 and g.facility_id = 1 and g.name = 'Safety Officers'`,
      [user.userName],
    ),
  );
}

// The settings screens: Settings Manager and Settings Table.

// Both pages load lazily from app/signed-in/pages.ts, which imports their files directly; nothing
// here joins the shell.

export { SettingsManagerPage } from './components/SettingsManagerPage';
export { SettingsTablePage } from './components/SettingsTablePage';

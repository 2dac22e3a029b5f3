import { useCommandFields, type CommandFieldsProps } from '../model/command-fields';

/** The fields app/ added to the command dialog (the SIMOPS override), or nothing. */
export function CommandFields(props: CommandFieldsProps) {
  const render = useCommandFields();
  return render ? render(props) : null;
}

import { permitTypeNameCaption } from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import classes from '../Permits.module.css';

/** A permit type as its icon in its colour and its name, in the reader's language (the colour is never the only sign). */
export function TypeMark({ type }: { type: { ID: number; name: string; icon: string; color: string } }) {
  const t = useCaptions();
  return (
    <span className={classes.typeMark}>
      <span className={classes.typeIcon} style={{ backgroundColor: type.color }}>
        <Icon name={type.icon} size={18} />
      </span>
      {t(permitTypeNameCaption(type))}
    </span>
  );
}

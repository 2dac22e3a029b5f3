import { Icon } from '../../../components/Icon';
import classes from '../Permits.module.css';

/** A permit type as its icon in its colour and its name (the colour is never the only sign). */
export function TypeMark({ type }: { type: { name: string; icon: string; color: string } }) {
  return (
    <span className={classes.typeMark}>
      <span className={classes.typeIcon} style={{ backgroundColor: type.color }}>
        <Icon name={type.icon} size={18} />
      </span>
      {type.name}
    </span>
  );
}

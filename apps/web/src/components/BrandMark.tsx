import { PRODUCT_NAME } from '@hasp/contracts';
import classes from './BrandMark.module.css';

interface BrandMarkProps {
  /** `onDark` for the top bar, `onLight` for the login card. */
  tone?: 'onLight' | 'onDark';
  size?: 'md' | 'lg';
}

/** The product name with its registered mark, beside a padlock on a hasp. */
export function BrandMark({ tone = 'onLight', size = 'md' }: BrandMarkProps) {
  return (
    <span className={classes.root} data-tone={tone} data-size={size}>
      <svg className={classes.icon} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" className={classes.tile} />
        <path d="M11 14v-3a5 5 0 0 1 10 0v3" fill="none" className={classes.shackle} strokeWidth="2.6" />
        <rect x="7" y="14" width="18" height="13" rx="2.5" className={classes.body} />
        <circle cx="16" cy="19.5" r="2" className={classes.keyhole} />
        <path d="M16 20.5v3" className={classes.keyway} strokeWidth="2" />
      </svg>
      <span className={classes.name}>
        {PRODUCT_NAME}
        <sup className={classes.mark}>®</sup>
      </span>
    </span>
  );
}

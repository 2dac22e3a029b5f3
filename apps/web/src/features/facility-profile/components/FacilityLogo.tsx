import type { FacilityProfile } from '@hasp/contracts';
import { useFacilityLogoUrl } from '../api/facility-logo';
import classes from '../FacilitySettings.module.css';

interface FacilityLogoProps {
  profile: FacilityProfile | undefined;
  /** The top bar's size, or the preview's (sized by its frame). */
  variant?: 'topBar' | 'preview';
  /** Empty when the facility's name is written next to the logo (it would be read twice). */
  alt?: string;
}

/** The facility's logo, or nothing when it has none. */
export function FacilityLogo({ profile, variant = 'topBar', alt = '' }: FacilityLogoProps) {
  const url = useFacilityLogoUrl(profile);
  if (!url) return null;
  return (
    <img
      src={url}
      alt={alt}
      className={variant === 'topBar' ? classes.topBarLogo : undefined}
      data-testid={variant === 'topBar' ? 'facility-logo' : 'facility-logo-preview'}
    />
  );
}

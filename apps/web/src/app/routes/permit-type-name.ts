import { permitTypeName, useNavigation } from '../../features/navigation';

/** A permit type's display name from the navigation, or its code until that has loaded. */
export function usePermitTypeName(code: string): string {
  const navigation = useNavigation();
  return permitTypeName(navigation.data, code) ?? code;
}

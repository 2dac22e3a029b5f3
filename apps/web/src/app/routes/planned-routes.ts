import type { RightNavId } from '@hasp/contracts';

/**
 * A signed-in route whose screen arrives with a later issue: until then it shows its titles and
 * one honest line about what it will hold (product.md's "Screens beyond the seed's words").
 */
export interface PlannedRoute {
  path: string;
  title: string;
  childTitle?: string;
  /** Right-nav entry that guards the route: switched on for the facility and permitted to the user. */
  rightNav?: RightNavId;
  description: string;
}

export const plannedRoutes: PlannedRoute[] = [];

// Navigation: the left sidebar, the right nav and the nav rules.

// What app/ composes.

export { SidebarNav } from './components/SidebarNav';
export { RightNavBar, RightNavDrawer } from './components/RightNav';
export { navigationKeys, useNavigation } from './api/get-navigation';
export { permitTypeIcon, permitTypeName, rightNavSections, type RightNavItem, type RightNavSection } from './nav-rules';

import type { MatcherFunction } from '@testing-library/react';

/**
 * Finds the element saying exactly `text` even when its numbers are spans of their own
 * (components/WholeIdentifiers): the innermost element whose whole text it is.
 */
export const sentence =
  (text: string): MatcherFunction =>
  (_content, element) =>
    element?.textContent === text && ![...element.children].some((child) => child.textContent === text);

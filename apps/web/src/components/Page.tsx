import { useLayoutEffect, type ReactNode } from 'react';
import { PRODUCT_NAME } from '@hasp/contracts';
import { documentTitle, pageTitleState } from '../lib/page-title';
import classes from './Page.module.css';

interface PageProps {
  /** The seed's pageTitle, e.g. "Security". */
  title: string;
  /** The seed's childPageTitle, e.g. "User Manage"; empty for a page without one. */
  childTitle?: string;
  /** Permit type code when the page is about one type: its icon shows in the top bar. */
  permitType?: string | null;
  /** Shown under the heading. */
  lead?: ReactNode;
  /** Buttons at the heading's end. */
  actions?: ReactNode;
  /**
   * "screen-reader" on a page whose own header repeats the heading (a permit's number): on a phone the
   * heading is left to screen readers so the page's work starts on the first screen; the top bar's
   * breadcrumb still shows it.
   */
  phoneHeading?: 'shown' | 'screen-reader';
  children?: ReactNode;
}

/**
 * A signed-in page: sets the titles the top bar shows (and the seed's session keys), the browser
 * tab title, and renders the page heading.
 */
export function Page({
  title,
  childTitle = '',
  permitType = null,
  lead,
  actions,
  phoneHeading = 'shown',
  children,
}: PageProps) {
  useLayoutEffect(() => {
    pageTitleState.set({ title, childTitle, permitType, showTopbar: true });
  }, [title, childTitle, permitType]);
  return (
    <div className={classes.page}>
      <title>{documentTitle({ title, childTitle, permitType, showTopbar: true }, PRODUCT_NAME)}</title>
      <div className={phoneHeading === 'shown' ? classes.header : `${classes.header} ${classes.phoneHidden}`}>
        <div className={classes.headings}>
          {childTitle && <p className={classes.eyebrow}>{title}</p>}
          <h1 className={classes.title}>{childTitle || title}</h1>
          {lead && <div className={classes.lead}>{lead}</div>}
        </div>
        {actions && <div className={classes.actions}>{actions}</div>}
      </div>
      {children}
    </div>
  );
}

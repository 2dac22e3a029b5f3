import { describe, expect, it } from 'vitest';
import type { TagReportLinks } from '@hasp/contracts';
import { changedLinks, choicesFor, draftOf, isHalfLinked } from './link-draft';

const saved: TagReportLinks = {
  links: [
    {
      subject: 'tag:lock-tag',
      tagType: 'lock-tag',
      permitType: null,
      layoutKey: 'tag-standard-3x5',
      reportKey: 'tag-summary',
    },
    {
      subject: 'permit-type:3',
      tagType: null,
      permitType: { id: 3, code: 'HOT', name: 'Hot Work' },
      layoutKey: null,
      reportKey: null,
    },
  ],
};

describe('Tag Report Manage draft', () => {
  it('offers tag layouts and reports for tags, permit ones for permit types', () => {
    expect(choicesFor(saved.links[0]!).layouts).toContain('tag-small-2x4');
    expect(choicesFor(saved.links[0]!).layouts).not.toContain('permit-a4');
    expect(choicesFor(saved.links[1]!).reports).toEqual(['permit-summary', 'permit-full-record']);
  });

  it('sends only the links that changed, and spots a half-chosen link', () => {
    const draft = draftOf(saved);
    expect(changedLinks(saved, draft)).toEqual([]);
    draft['permit-type:3'] = { layoutKey: 'permit-a4', reportKey: null };
    expect(isHalfLinked(draft['permit-type:3'])).toBe(true);
    draft['permit-type:3'] = { layoutKey: 'permit-a4', reportKey: 'permit-summary' };
    expect(changedLinks(saved, draft)).toEqual([
      { subject: 'permit-type:3', layoutKey: 'permit-a4', reportKey: 'permit-summary' },
    ]);
  });
});

import { permitPermission, rightNavPermission, tagStateLabels, type Tag } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { defineCommand } from '../../platform';
import { tagTarget, type TagState } from './tag-command.service';
import { recordTagChange } from './tag-records';
import { listTags } from './tag-view';
import { countTagReprint, lockTag } from './tags.repository';

/** The reprint's input: the tag, its permit (as the tag commands take it) and why it is printed again. */
export interface ReprintTagInput {
  tagId: number;
  permitId: number;
  reason: string;
}

/**
 * `tag.reprint`: a printed tag (not yet hung) printed again — torn, smudged or lost before it was
 * applied. The state stays Printed; the tag counts its reprints and the audit row keeps the reason
 * (OSHA (c)(5)(ii): each tag accounted for). Needs the print list (rightnav:print-list) as well as
 * the permit's type (permit:view:<CODE>).
 */
export const reprintTagCommand = defineCommand<ReprintTagInput, TagState, Tag>({
  name: 'tag.reprint',
  target: tagTarget,
  policy: {
    permissions: (_input, state) => [permitPermission('view', state.permit.typeCode), rightNavPermission('print-list')],
    refuse: (state, _actor, input) => {
      if (state.tag.permitId !== input.permitId) return AppError.notFound('Tag');
      if (state.tag.state !== 'printed') {
        return new AppError(
          'CONFLICT',
          409,
          `Reprint: the tag is ${tagStateLabels[state.tag.state]}; only a tag that is Printed can be printed again.`,
        );
      }
      return null;
    },
  },
  async apply({ trx, ctx, input, state, ...run }) {
    const { facilityId, userId } = ctx.actor;
    const before = state.tag;
    await countTagReprint(trx, facilityId, before.id, ctx.now);
    const after = (await lockTag(trx, facilityId, before.id))!;
    recordTagChange(run, { command: 'reprint', before, after, actorId: userId, reason: input.reason });
    const [tag] = await listTags(
      trx,
      facilityId,
      before.permitId,
      { userId, permissions: state.permissions },
      before.id,
    );
    return tag!;
  },
});

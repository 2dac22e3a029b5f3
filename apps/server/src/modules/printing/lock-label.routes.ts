import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lockLabelQuerySchema, LOCK_LABELS_MAX, rightNavPermission } from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses as errors, contextOf } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { requirePermission } from '../../plugins/permissions';
import { listLocks } from '../locks';
import { renderLockLabels } from './lock-label-pdf';
import { recordLockLabelsPrinted } from './lock-label-prints.service';
import { sendPdf } from './printing.routes';

const tags = ['locks'];
const security = [{ bearer: [] }];

/**
 * Lock Manage's QR labels. Here, not in the locks module: the PDFs are this module's, and the locks
 * module must not reach printing (the permit PDF, printed here, lists a permit's locks). A POST: the
 * labels it draws are recorded printed, by the print list's lock-label commands (decision 0115).
 */
export const lockLabelRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', requirePermission(rightNavPermission('lock-manage')));

  app.post(
    '/locks/labels',
    {
      schema: {
        tags,
        security,
        summary:
          'The QR labels (PDF, one 2.5 × 1.25 in label a page) of the locks Lock Manage lists with the same filters, ' +
          'or of the one lock `id`: the lock picker scans them. Each lock in use is recorded printed ' +
          '(lock-label.mark-printed, or lock-label.reprint when it was), as from the print list',
        querystring: lockLabelQuerySchema,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const { connection, actor } = context;
      const { id, ...filters } = request.query;
      const locks = (await listLocks(connection.db, actor.facilityId, filters)).filter(
        (l) => id === undefined || l.ID === id,
      );
      if (!locks.length) throw new AppError('NOT_FOUND', 404, 'No lock of this facility matches: nothing to print.');
      if (locks.length > LOCK_LABELS_MAX)
        throw new AppError(
          'VALIDATION_FAILED',
          422,
          `${locks.length} locks match: at most ${LOCK_LABELS_MAX} labels print at once. Filter the list first.`,
        );
      await recordLockLabelsPrinted(ctx.events, context, locks);
      const serials = locks.map((l) => l.serial);
      return sendPdf(reply, renderLockLabels(actor.facilityId, serials), 'lock-labels.pdf');
    },
  );
};

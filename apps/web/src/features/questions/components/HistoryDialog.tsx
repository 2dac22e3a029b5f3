import { Alert, Badge, Center, Loader, Modal } from '@mantine/core';
import {
  questionChoiceCaption,
  questionManageButtons,
  questionManageLabels,
  questionManageMessages,
  questionManageTitles,
  type QuestionVersion,
} from '@hasp/contracts';
import { currentLanguage, useCaptions } from '../../../lib/i18n';
import { useQuestion } from '../api/get-question';
import classes from '../Questions.module.css';
import { answerTypeLabel, blockingLabel, questionText } from './question-captions';

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Every version of a question, newest first: answered permits show the version they answered. */
export function HistoryDialog({ questionId, onClose }: { questionId: number | null; onClose: () => void }) {
  const t = useCaptions();
  const question = useQuestion(questionId);
  return (
    <Modal
      opened={questionId !== null}
      onClose={onClose}
      title={t(questionManageTitles.history)}
      centered
      size="lg"
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(questionManageButtons.close) }}
    >
      {question.isPending ? (
        <Center py="md">
          <Loader aria-label={t(questionManageTitles.history)} />
        </Center>
      ) : question.isError ? (
        <Alert color="red" variant="light">
          {t(questionManageMessages.loadFailed)}
        </Alert>
      ) : (
        <ol className={classes.versions}>
          {question.data.versions.map((version) => (
            <VersionItem key={version.ID} version={version} isCurrent={version.ID === question.data.current.ID} />
          ))}
        </ol>
      )}
    </Modal>
  );
}

function VersionItem({ version, isCurrent }: { version: QuestionVersion; isCurrent: boolean }) {
  const t = useCaptions();
  const l = questionManageLabels;
  const blocking = blockingLabel(t, version);
  return (
    <li className={classes.version} aria-label={t(l.version, { version: version.version })}>
      <div className={classes.versionHead}>
        <h3 className={classes.versionTitle}>{t(l.version, { version: version.version })}</h3>
        {isCurrent && (
          <Badge variant="filled" color="blue.8">
            {t(l.current)}
          </Badge>
        )}
      </div>
      <p className={classes.text}>{questionText(t, version)}</p>
      <p className={classes.meta}>
        {[
          answerTypeLabel(t, version),
          t(version.isMandatory ? l.mandatoryBadge : l.optionalBadge),
          ...(blocking ? [blocking] : []),
        ].join(' · ')}
      </p>
      {version.choices.length > 0 && (
        <p className={classes.meta}>
          {t(l.choicesList, {
            choices: version.choices.map((c, i) => t(questionChoiceCaption(version, i, c))).join(', '),
          })}
        </p>
      )}
      <p className={classes.meta}>
        {t(l.versionMeta, { date: formatDate(version.createdAt), user: version.createdBy })}
      </p>
    </li>
  );
}

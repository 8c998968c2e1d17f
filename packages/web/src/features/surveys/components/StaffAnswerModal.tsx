import { Alert, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SaveSurveyAnswersBody } from '@vigil/contract';
import { notify } from '../../../lib/notify';
import { useSaveSurvey, useSurvey } from '../api/surveys';
import { nameIn } from '../format';
import { SurveyAnswerForm } from './SurveyAnswerForm';

/**
 * Staff enter a survey's answers with the patient on the phone (PUT survey/{id}): partial answers
 * are kept by "Save"; "Submit" completes it once, scores it and alerts the care team on risk.
 */
export function StaffAnswerModal({ surveyId, onClose }: { surveyId: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('surveys');
  const survey = useSurvey(surveyId);
  const save = useSaveSurvey();
  const s = survey.data;
  const onSave = (body: SaveSurveyAnswersBody) =>
    save.mutateAsync({ id: surveyId!, body }).then((r) => {
      if (r.status === 'completed') {
        notify({ color: 'teal', message: t('answer.submittedScore', { total: r.score?.total ?? '—' }) });
        onClose();
      }
    });
  return (
    <Modal
      opened={surveyId !== null}
      onClose={onClose}
      title={s ? `${nameIn(s, i18n.language)} · ${s.patientName}` : t('answer.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {survey.isLoading ? (
        <Center py="xl">
          <Loader aria-label={t('common:list.loading')} />
        </Center>
      ) : survey.error || !s ? (
        <Alert color="red" role="alert">
          {survey.error instanceof Error ? survey.error.message : t('errors.loadFailed')}
        </Alert>
      ) : s.status === 'completed' || s.status === 'cancelled' ? (
        <Alert color="gray">{t(`answer.closed.${s.status}`)}</Alert>
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('answer.staffHelp')}
            </Text>
          </Group>
          <SurveyAnswerForm key={s.id} questions={s.questions} saved={s.answers} lang={i18n.language} onSave={onSave} pending={save.isPending} testId="staff-survey" copyright={s} />
        </Stack>
      )}
    </Modal>
  );
}

import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Drawer, Group, Loader, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Tabs, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  choiceSurveyAnswerTypes,
  offeredSurveyAnswerTypes,
  SURVEY_ANSWER_TEXT_MAX,
  SURVEY_QUESTION_TEXT_MAX,
  SURVEY_TEMPLATE_DESCRIPTION_MAX,
  SURVEY_TEMPLATE_NAME_MAX,
  SurveyAnswerType,
  type SurveyOfferedAnswer,
  type SurveyQuestion,
  type SurveyTemplate,
} from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { EmptyState } from '../../../components/EmptyState';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { notify } from '../../../lib/notify';
import {
  useCreateOfferedAnswer,
  useCreateQuestion,
  useCreateTemplate,
  useDeleteOfferedAnswer,
  useDeleteQuestion,
  useReorderOfferedAnswers,
  useReorderQuestions,
  useTemplate,
  useUpdateOfferedAnswer,
  useUpdateQuestion,
  useUpdateTemplate,
} from '../api/surveys';
import { bandLabel, nameIn, severityColor, textIn } from '../format';
import { SortableList } from './SortableList';
import { SurveyAnswerForm } from './SurveyAnswerForm';

const isChoice = (type: number) => (choiceSurveyAnswerTypes as readonly number[]).includes(type);
const failText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * The template builder of /wellnessassessments: the template's details, its questions (each with
 * its answer type from SURVEY_ANSWER_TYPE, type 4 left out: spec section 5) and, for choice
 * questions, the offered answers with their scores; both lists reorder by drag or by the move
 * buttons (stquestion/reorder, stofferedanswer/reorder); a preview shows the survey as it is
 * answered. A validated instrument (PHQ-9 …) is locked: shown read-only, with its bands, and it
 * can be copied into an editable office template.
 */
export function TemplateBuilder({ templateId, officeId, onClose, onOpen }: { templateId: number | null; officeId: number; onClose: () => void; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation('surveys');
  const template = useTemplate(templateId);
  const tpl = template.data;
  return (
    <Drawer
      opened={templateId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={tpl ? nameIn(tpl, i18n.language) : t('builder.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {template.isLoading ? (
        <Center py="xl">
          <Loader aria-label={t('common:list.loading')} />
        </Center>
      ) : template.error || !tpl ? (
        <Alert color="red" role="alert">
          {failText(template.error, t('errors.loadFailed'))}
        </Alert>
      ) : (
        <Builder key={tpl.id} template={tpl} officeId={officeId} onOpen={onOpen} />
      )}
    </Drawer>
  );
}

function Builder({ template, officeId, onOpen }: { template: SurveyTemplate; officeId: number; onOpen: (id: number) => void }) {
  const { t, i18n } = useTranslation('surveys');
  const canOffice = useCan('surveyTemplates.manage');
  const canLibrary = useCan('surveyTemplates.library');
  const editable = !template.isLocked && (template.hospitalId === null ? canLibrary : canOffice);
  const reorder = useReorderQuestions();
  const copy = useCreateTemplate();
  const lang = i18n.language;

  const makeCopy = () =>
    copy.mutate(
      { hospitalId: template.hospitalId ?? officeId, name: t('builder.copyName', { name: template.name }), nameEs: template.nameEs ? t('builder.copyName', { name: template.nameEs }) : '', description: template.description, category: template.category, copyFromTemplateId: template.id },
      {
        onSuccess: (created) => {
          notify({ color: 'teal', message: t('builder.copied') });
          onOpen(created.id);
        },
        onError: (err) => notify({ color: 'red', message: failText(err, t('errors.saveFailed')) }),
      },
    );

  return (
    <Stack gap="md" data-testid="template-builder">
      <Group gap="xs">
        {template.hospitalId === null ? <Badge variant="outline" color="blue.9" tt="none">{t('templates.library')}</Badge> : <Badge variant="outline" color="gray.7" tt="none">{template.hospitalName}</Badge>}
        {template.instrumentCode && (
          <Badge variant="filled" color="teal.9" tt="none">
            {template.instrumentCode}
            {template.loincCode ? ` · LOINC ${template.loincCode}` : ''}
          </Badge>
        )}
        {template.maxScore !== null && (
          <Badge variant="outline" color="gray.7" tt="none">
            {t('builder.maxScore', { max: template.maxScore })}
          </Badge>
        )}
      </Group>
      {template.isLocked && (
        <Alert color="blue" icon={<IconLock size={18} aria-hidden />} title={t('builder.lockedTitle')} data-testid="template-locked">
          <Stack gap="xs">
            <Text size="sm">{t('builder.lockedText')}</Text>
            {canOffice && officeId > 0 && (
              <Group>
                <Button size="xs" variant="light" leftSection={<IconCopy size={16} aria-hidden />} onClick={makeCopy} loading={copy.isPending} data-testid="template-copy">
                  {t('builder.copy')}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      <Tabs defaultValue="questions" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="questions">{t('builder.questions', { count: template.questions.length })}</Tabs.Tab>
          <Tabs.Tab value="preview" data-testid="builder-preview-tab">
            {t('builder.preview')}
          </Tabs.Tab>
          <Tabs.Tab value="details">{t('builder.details')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="questions" pt="md">
          <Stack gap="md">
            {template.questions.length === 0 ? (
              <EmptyState text={t('builder.noQuestions')} />
            ) : (
              <SortableList
                items={template.questions}
                disabled={!editable}
                itemLabel={(q) => textIn(q, lang)}
                onReorder={(ids) => reorder.mutateAsync({ templateId: template.id, questionIds: ids }).catch((err: unknown) => {
                  notify({ color: 'red', message: failText(err, t('errors.saveFailed')) });
                  throw err;
                })}
                renderItem={(q, i) => <QuestionCard question={q} index={i} editable={editable} />}
                testId="question-list"
              />
            )}
            {editable && <QuestionForm templateId={template.id} />}
            {template.bands.length > 0 && <Bands template={template} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="preview" pt="md">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('builder.previewHelp')}
            </Text>
            <SurveyAnswerForm questions={template.questions} saved={[]} lang={lang} onSave={() => Promise.resolve()} pending={false} preview testId="template-preview" copyright={template} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="details" pt="md">
          <DetailsForm template={template} editable={editable} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Bands({ template }: { template: SurveyTemplate }) {
  const { t, i18n } = useTranslation('surveys');
  return (
    <Paper withBorder p="sm" radius="md">
      <Text fw={600} size="sm" mb="xs">
        {t('builder.bands')}
      </Text>
      <Group gap="xs">
        {template.bands.map((b) => (
          <Badge key={b.key} variant="outline" color={severityColor(b.severity)} tt="none">
            {bandLabel(b, i18n.language)}
          </Badge>
        ))}
      </Group>
    </Paper>
  );
}

function QuestionCard({ question: q, index, editable }: { question: SurveyQuestion; index: number; editable: boolean }) {
  const { t, i18n } = useTranslation('surveys');
  const [editing, setEditing] = useState(false);
  const remove = useDeleteQuestion();
  const reorder = useReorderOfferedAnswers();
  const lang = i18n.language;
  const askDelete = () =>
    confirmAction({
      title: t('builder.deleteQuestionTitle'),
      text: t('builder.deleteQuestionText', { text: textIn(q, lang) }),
      confirmLabel: t('common:actions.delete'),
      onConfirm: () => remove.mutate(q.id, { onSuccess: () => notify({ color: 'teal', message: t('builder.questionDeleted') }), onError: (err) => notify({ color: 'red', message: failText(err, t('errors.saveFailed')) }) }),
    });

  return (
    <Paper withBorder p="sm" radius="md" data-testid="question-card">
      {editing ? (
        <QuestionForm templateId={q.templateId} question={q} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {index + 1}. {textIn(q, lang)}
              </Text>
              <Group gap={4}>
                <Badge size="sm" variant="outline" color="gray.7" tt="none">
                  {t(`answerTypes.${q.answerType}`)}
                </Badge>
                {q.isRequired && (
                  <Badge size="sm" variant="outline" color="gray.7" tt="none">
                    {t('builder.required')}
                  </Badge>
                )}
                {q.itemKey && (
                  <Badge size="sm" variant="outline" color="blue.9" tt="none">
                    {q.itemKey}
                    {q.loincCode ? ` · ${q.loincCode}` : ''}
                  </Badge>
                )}
              </Group>
            </Stack>
            {editable && (
              <Group gap={2} wrap="nowrap">
                <Tooltip label={t('builder.editQuestion')}>
                  <ActionIcon variant="subtle" aria-label={t('builder.editQuestionNamed', { n: index + 1 })} onClick={() => setEditing(true)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t('builder.deleteQuestion')}>
                  <ActionIcon variant="subtle" color="red.8" aria-label={t('builder.deleteQuestionNamed', { n: index + 1 })} onClick={askDelete} data-testid="question-delete">
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            )}
          </Group>
          {isChoice(q.answerType) && (
            <Stack gap="xs" pl="md">
              {q.offeredAnswers.length > 0 ? (
                <SortableList
                  items={q.offeredAnswers}
                  disabled={!editable}
                  itemLabel={(a) => textIn(a, lang)}
                  onReorder={(ids) => reorder.mutateAsync({ questionId: q.id, offeredAnswerIds: ids }).catch((err: unknown) => {
                    notify({ color: 'red', message: failText(err, t('errors.saveFailed')) });
                    throw err;
                  })}
                  renderItem={(a) => <AnswerRow answer={a} editable={editable} />}
                  testId="answer-list"
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('builder.noAnswers')}
                </Text>
              )}
              {editable && <AnswerForm questionId={q.id} />}
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}

function AnswerRow({ answer: a, editable }: { answer: SurveyOfferedAnswer; editable: boolean }) {
  const { t, i18n } = useTranslation('surveys');
  const [editing, setEditing] = useState(false);
  const remove = useDeleteOfferedAnswer();
  if (editing) { return <AnswerForm questionId={a.questionId} answer={a} onDone={() => setEditing(false)} />; }
  const name = textIn(a, i18n.language);
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="answer-row">
      <Text size="sm">{name}</Text>
      <Group gap={4} wrap="nowrap">
        <Badge variant="light" color="gray.7" tt="none">
          {t('builder.scoreValue', { score: a.score })}
        </Badge>
        {editable && (
          <>
            <ActionIcon size="sm" variant="subtle" aria-label={t('builder.editAnswerNamed', { name })} onClick={() => setEditing(true)}>
              <IconPencil size={14} />
            </ActionIcon>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="red.8"
              aria-label={t('builder.deleteAnswerNamed', { name })}
              onClick={() =>
                confirmAction({
                  title: t('builder.deleteAnswerTitle'),
                  text: t('builder.deleteAnswerText', { name }),
                  confirmLabel: t('common:actions.delete'),
                  onConfirm: () => remove.mutate(a.id, { onError: (err) => notify({ color: 'red', message: failText(err, t('errors.saveFailed')) }) }),
                })
              }
            >
              <IconTrash size={14} />
            </ActionIcon>
          </>
        )}
      </Group>
    </Group>
  );
}

function AnswerForm({ questionId, answer, onDone }: { questionId: number; answer?: SurveyOfferedAnswer; onDone?: () => void }) {
  const { t } = useTranslation('surveys');
  const create = useCreateOfferedAnswer();
  const update = useUpdateOfferedAnswer();
  const form = useForm({
    initialValues: { text: answer?.text ?? '', textEs: answer?.textEs ?? '', score: answer?.score ?? 0 },
    validate: { text: (v) => (v.trim() ? null : t('answer.required')) },
  });
  const submit = form.onSubmit((v) => {
    const body = { text: v.text.trim(), textEs: v.textEs.trim(), score: Number(v.score) || 0 };
    const onError = (err: unknown) => {
      if (err instanceof ApiError) { form.setErrors(err.fieldErrors); }
      notify({ color: 'red', message: failText(err, t('errors.saveFailed')) });
    };
    if (answer) { update.mutate({ id: answer.id, body }, { onSuccess: () => onDone?.(), onError }); }
    else { create.mutate({ questionId, ...body }, { onSuccess: () => form.reset(), onError }); }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="answer-form">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput size="xs" label={t('builder.answerText')} maxLength={SURVEY_ANSWER_TEXT_MAX} style={{ flex: 2, minWidth: 160 }} {...form.getInputProps('text')} />
        <TextInput size="xs" label={t('builder.answerTextEs')} maxLength={SURVEY_ANSWER_TEXT_MAX} style={{ flex: 2, minWidth: 160 }} {...form.getInputProps('textEs')} />
        <NumberInput size="xs" label={t('builder.score')} w={90} allowDecimal={false} {...form.getInputProps('score')} />
        <Button size="xs" type="submit" variant={answer ? 'filled' : 'light'} leftSection={answer ? undefined : <IconPlus size={14} aria-hidden />} loading={create.isPending || update.isPending}>
          {answer ? t('common:actions.save') : t('builder.addAnswer')}
        </Button>
        {onDone && (
          <Button size="xs" variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
        )}
      </Group>
    </form>
  );
}

function QuestionForm({ templateId, question, onDone }: { templateId: number; question?: SurveyQuestion; onDone?: () => void }) {
  const { t } = useTranslation('surveys');
  const create = useCreateQuestion();
  const update = useUpdateQuestion();
  const form = useForm({
    initialValues: {
      text: question?.text ?? '',
      textEs: question?.textEs ?? '',
      answerType: String(question?.answerType ?? SurveyAnswerType.SINGLE_CHOICE),
      isRequired: question?.isRequired ?? true,
      minValue: question?.minValue ?? ('' as number | ''),
      maxValue: question?.maxValue ?? ('' as number | ''),
    },
    validate: {
      text: (v) => (v.trim() ? null : t('answer.required')),
      maxValue: (v, all) => (v !== '' && all.minValue !== '' && Number(v) < Number(all.minValue) ? t('builder.maxBelowMin') : null),
    },
  });
  const type = Number(form.values.answerType);
  const ranged = type === SurveyAnswerType.NUMBER || type === SurveyAnswerType.SCALE;
  const submit = form.onSubmit((v) => {
    const body = {
      text: v.text.trim(),
      textEs: v.textEs.trim(),
      answerType: Number(v.answerType),
      isRequired: v.isRequired,
      minValue: ranged && v.minValue !== '' ? Number(v.minValue) : null,
      maxValue: ranged && v.maxValue !== '' ? Number(v.maxValue) : null,
    };
    const onError = (err: unknown) => {
      if (err instanceof ApiError) { form.setErrors(err.fieldErrors); }
      notify({ color: 'red', message: failText(err, t('errors.saveFailed')) });
    };
    if (question) { update.mutate({ id: question.id, body }, { onSuccess: () => onDone?.(), onError }); }
    else {
      create.mutate(
        { templateId, ...body },
        {
          onSuccess: () => {
            form.reset();
            notify({ color: 'teal', message: t('builder.questionAdded') });
          },
          onError,
        },
      );
    }
  });
  return (
    <Paper withBorder={!question} p={question ? 0 : 'sm'} radius="md" bg={question ? undefined : 'gray.0'}>
      <form onSubmit={submit} noValidate data-testid="question-form">
        <Stack gap="xs">
          {!question && (
            <Text fw={600} size="sm">
              {t('builder.newQuestion')}
            </Text>
          )}
          <Textarea label={t('builder.questionText')} required autosize minRows={1} maxLength={SURVEY_QUESTION_TEXT_MAX} data-testid="question-text" {...form.getInputProps('text')} />
          <Textarea label={t('builder.questionTextEs')} autosize minRows={1} maxLength={SURVEY_QUESTION_TEXT_MAX} {...form.getInputProps('textEs')} />
          <SimpleGrid cols={{ base: 1, sm: ranged ? 4 : 2 }} spacing="xs">
            <Select
              label={t('builder.answerType')}
              allowDeselect={false}
              // SURVEY_ANSWER_TYPE without lowValue 4 (a score the system calculates): spec section 5.
              data={offeredSurveyAnswerTypes.map((v) => ({ value: String(v), label: t(`answerTypes.${v}`) }))}
              comboboxProps={{ withinPortal: true }}
              data-testid="question-type"
              {...form.getInputProps('answerType')}
            />
            {ranged && (
              <>
                <NumberInput label={t('builder.min')} {...form.getInputProps('minValue')} />
                <NumberInput label={t('builder.max')} {...form.getInputProps('maxValue')} />
              </>
            )}
            <Switch label={t('builder.required')} mt={{ base: 0, sm: 30 }} {...form.getInputProps('isRequired', { type: 'checkbox' })} />
          </SimpleGrid>
          <Group justify="flex-end" gap="xs">
            {onDone && (
              <Button size="xs" variant="default" onClick={onDone}>
                {t('common:actions.cancel')}
              </Button>
            )}
            <Button size="xs" type="submit" leftSection={question ? undefined : <IconPlus size={14} aria-hidden />} loading={create.isPending || update.isPending} data-testid="question-save">
              {question ? t('common:actions.save') : t('builder.addQuestion')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function DetailsForm({ template, editable }: { template: SurveyTemplate; editable: boolean }) {
  const { t } = useTranslation('surveys');
  const update = useUpdateTemplate();
  const form = useForm({
    initialValues: { name: template.name, nameEs: template.nameEs, description: template.description, category: template.category ?? '', status: template.status },
    validate: { name: (v) => (v.trim() ? null : t('answer.required')) },
  });
  const submit = form.onSubmit((v) =>
    update.mutate(
      { id: template.id, body: { name: v.name.trim(), nameEs: v.nameEs.trim(), description: v.description.trim(), category: v.category.trim() || null, status: v.status } },
      {
        onSuccess: () => notify({ color: 'teal', message: t('builder.saved') }),
        onError: (err) => {
          if (err instanceof ApiError) { form.setErrors(err.fieldErrors); }
          notify({ color: 'red', message: failText(err, t('errors.saveFailed')) });
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('templates.name')} required maxLength={SURVEY_TEMPLATE_NAME_MAX} {...form.getInputProps('name')} />
            <TextInput label={t('templates.nameEs')} maxLength={SURVEY_TEMPLATE_NAME_MAX} {...form.getInputProps('nameEs')} />
            <TextInput label={t('templates.category')} maxLength={40} {...form.getInputProps('category')} />
            <Select
              label={t('templates.status')}
              allowDeselect={false}
              data={[
                { value: 'active', label: t('templateStatus.active') },
                { value: 'inactive', label: t('templateStatus.inactive') },
              ]}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          <Textarea label={t('templates.description')} autosize minRows={2} maxLength={SURVEY_TEMPLATE_DESCRIPTION_MAX} {...form.getInputProps('description')} />
          {editable && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('common:actions.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}

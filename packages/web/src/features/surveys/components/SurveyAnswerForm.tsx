import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, NumberInput, Paper, Progress, Radio, Stack, Text, Textarea } from '@mantine/core';
import { IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SURVEY_FREE_TEXT_ANSWER_MAX, SurveyAnswerType, type SaveSurveyAnswersBody, type SurveyAnswerInput } from '@vigil/contract';
import { confirmAction } from '../../../components/confirm';
import { ApiError } from '../../../lib/api-client';
import { textIn } from '../format';
import { DateField } from '../../../components/DateField';

/** A question as both the staff and the public page show it (the public one has no scores). */
export interface AnswerableQuestion {
  id: number;
  text: string;
  textEs: string;
  answerType: number;
  isRequired: boolean;
  minValue: number | null;
  maxValue: number | null;
  offeredAnswers: { id: number; text: string; textEs: string }[];
}

/** An answer as saved so far. */
export interface SavedAnswer {
  questionId: number | null;
  offeredAnswerIds: number[];
  answerText: string | null;
  valueNumber: number | null;
  valueDate: string | null;
}

interface Draft {
  offeredAnswerIds: number[];
  valueText: string;
  valueNumber: number | null;
  valueDate: string;
}

const emptyDraft: Draft = { offeredAnswerIds: [], valueText: '', valueNumber: null, valueDate: '' };
const isChoice = (type: number) => type === SurveyAnswerType.SINGLE_CHOICE || type === SurveyAnswerType.MULTIPLE_CHOICE || type === SurveyAnswerType.YES_NO;

function draftOf(q: AnswerableQuestion, a: SavedAnswer | undefined): Draft {
  if (!a) { return emptyDraft; }
  return {
    offeredAnswerIds: a.offeredAnswerIds,
    valueText: !isChoice(q.answerType) && q.answerType === SurveyAnswerType.FREE_TEXT ? (a.answerText ?? '') : '',
    valueNumber: a.valueNumber,
    valueDate: a.valueDate ?? '',
  };
}

/** Whether a draft holds an answer for its question's type. */
function isAnswered(q: AnswerableQuestion, d: Draft): boolean {
  if (isChoice(q.answerType)) { return d.offeredAnswerIds.length > 0; }
  if (q.answerType === SurveyAnswerType.FREE_TEXT) { return d.valueText.trim().length > 0; }
  if (q.answerType === SurveyAnswerType.DATE) { return d.valueDate.length > 0; }
  return d.valueNumber !== null;
}

/** The answer as the API takes it (surveyAnswerInputSchema); `clear` when the draft was emptied. */
function inputOf(q: AnswerableQuestion, d: Draft): SurveyAnswerInput {
  if (!isAnswered(q, d)) { return { questionId: q.id, clear: true }; }
  if (isChoice(q.answerType)) { return { questionId: q.id, offeredAnswerIds: d.offeredAnswerIds }; }
  if (q.answerType === SurveyAnswerType.FREE_TEXT) { return { questionId: q.id, valueText: d.valueText.trim() }; }
  if (q.answerType === SurveyAnswerType.DATE) { return { questionId: q.id, valueDate: d.valueDate }; }
  return { questionId: q.id, valueNumber: d.valueNumber! };
}

/**
 * Answers one survey occurrence, for staff with the patient on the phone and for the patient or
 * caregiver on the public page: each question by its SURVEY_ANSWER_TYPE (choices, free text, number,
 * scale, date), progress, a validated instrument's reproduction line under the items, "Save"
 * keeping partial answers, and "Submit" (once, after a confirmation; every required question
 * answered). `onSave` sends the changed answers; the server checks each
 * (400 with per-question messages, shown under the question) and refuses a second submission (409).
 */
export function SurveyAnswerForm({
  questions,
  saved,
  lang,
  onSave,
  pending,
  preview = false,
  testId = 'survey-form',
  copyright,
}: {
  questions: AnswerableQuestion[];
  saved: SavedAnswer[];
  lang: string;
  onSave: (body: SaveSurveyAnswersBody) => Promise<unknown>;
  pending: boolean;
  /** The builder's preview: answerable, but nothing is saved (no buttons). */
  preview?: boolean;
  testId?: string;
  /**
   * A validated instrument's reproduction line (docs/assessments.md "Reproduction terms"), shown
   * under the items in `lang`; with `englishOnly` (no free Spanish version, docs/assessments.md
   * "Spanish versions") the Spanish interface shows a note above the English items, marked
   * `lang="en"` for screen readers.
   */
  copyright?: { copyright: string | null; copyrightEs: string | null; englishOnly?: boolean };
}) {
  const { t } = useTranslation('surveys');
  const englishOnly = !!copyright?.englishOnly && lang.startsWith('es');
  const copyrightLine = copyright?.copyright ? textIn({ text: copyright.copyright, textEs: copyright.copyrightEs ?? '' }, lang) : null;
  const initial = useMemo(() => new Map(questions.map((q) => [q.id, draftOf(q, saved.find((a) => a.questionId === q.id))])), [questions, saved]);
  const [drafts, setDrafts] = useState<Map<number, Draft>>(initial);
  const [dirty, setDirty] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);

  const draft = (id: number) => drafts.get(id) ?? emptyDraft;
  const change = (id: number, patch: Partial<Draft>) => {
    setDrafts((prev) => new Map(prev).set(id, { ...(prev.get(id) ?? emptyDraft), ...patch }));
    setDirty((prev) => new Set(prev).add(id));
    setMessage(null);
    setErrors((prev) => {
      const next = { ...prev };
      delete next[`questions.${id}`];
      return next;
    });
  };
  const answered = questions.filter((q) => isAnswered(q, draft(q.id))).length;
  const missing = questions.filter((q) => q.isRequired && !isAnswered(q, draft(q.id)));

  const send = (submit: boolean) => {
    setMessage(null);
    const answers = questions.filter((q) => dirty.has(q.id)).map((q) => inputOf(q, draft(q.id)));
    onSave({ answers, submit }).then(
      () => {
        setDirty(new Set());
        setErrors({});
        if (!submit) { setMessage({ color: 'teal', text: t('answer.saved') }); }
      },
      (err: unknown) => {
        if (err instanceof ApiError) {
          // 'answers.N' names the N-th answer sent: show it under its question.
          const sent = questions.filter((q) => dirty.has(q.id));
          const byQuestion: Record<string, string> = {};
          for (const [key, text] of Object.entries(err.fieldErrors)) {
            const m = /^answers\.(\d+)/.exec(key);
            const q = m ? sent[Number(m[1])] : undefined;
            byQuestion[q ? `questions.${q.id}` : key] = text;
          }
          setErrors(byQuestion);
        }
        setMessage({ color: 'red', text: err instanceof Error ? err.message : t('answer.saveFailed') });
      },
    );
  };

  const submit = () => {
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((q) => [`questions.${q.id}`, t('answer.required')])));
      setMessage({ color: 'red', text: t('answer.missing', { count: missing.length }) });
      document.getElementById(`question-${missing[0]!.id}`)?.focus();
      return;
    }
    confirmAction({ title: t('answer.confirmTitle'), text: t('answer.confirmText'), confirmLabel: t('answer.submit'), danger: false, onConfirm: () => send(true) });
  };

  return (
    <Stack gap="md" data-testid={testId}>
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {t('answer.progress', { answered, total: questions.length })}
          </Text>
          {dirty.size > 0 && (
            <Badge variant="outline" color="#a33d00" tt="none">
              {t('answer.unsaved')}
            </Badge>
          )}
        </Group>
        <Progress.Root>
          <Progress.Section value={questions.length ? (answered / questions.length) * 100 : 0} aria-label={t('answer.progress', { answered, total: questions.length })} />
        </Progress.Root>
      </Stack>
      {englishOnly && (
        <Alert color="blue" variant="light" data-testid={`${testId}-english-only`}>
          {t('answer.englishOnly')}
        </Alert>
      )}
      <Stack gap="md" lang={englishOnly ? 'en' : undefined}>
        {questions.map((q, i) => (
          <QuestionField key={q.id} index={i} question={q} draft={draft(q.id)} lang={lang} error={errors[`questions.${q.id}`]} onChange={(patch) => change(q.id, patch)} />
        ))}
      </Stack>
      {copyrightLine && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-copyright`}>
          {copyrightLine}
        </Text>
      )}
      {message && (
        <Alert color={message.color} role={message.color === 'red' ? 'alert' : 'status'} data-testid={`${testId}-message`}>
          {message.text}
        </Alert>
      )}
      {!preview && (
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconDeviceFloppy size={18} aria-hidden />} onClick={() => send(false)} loading={pending} disabled={dirty.size === 0} data-testid={`${testId}-save`}>
          {t('answer.save')}
        </Button>
        <Button leftSection={<IconSend size={18} aria-hidden />} onClick={submit} loading={pending} data-testid={`${testId}-submit`}>
          {t('answer.submit')}
        </Button>
      </Group>
      )}
    </Stack>
  );
}

function QuestionField({
  index,
  question: q,
  draft,
  lang,
  error,
  onChange,
}: {
  index: number;
  question: AnswerableQuestion;
  draft: Draft;
  lang: string;
  error?: string;
  onChange: (patch: Partial<Draft>) => void;
}) {
  const { t } = useTranslation('surveys');
  const label = `${index + 1}. ${textIn(q, lang)}`;
  const id = `question-${q.id}`;
  const common = { label, required: q.isRequired, error, id };
  const options = q.offeredAnswers.map((a) => ({ value: String(a.id), label: textIn(a, lang) }));
  let field;
  switch (q.answerType) {
    case SurveyAnswerType.SINGLE_CHOICE:
    case SurveyAnswerType.YES_NO:
      field = (
        <Radio.Group {...common} value={draft.offeredAnswerIds[0] ? String(draft.offeredAnswerIds[0]) : null} onChange={(v) => onChange({ offeredAnswerIds: [Number(v)] })}>
          <Stack gap="xs" mt="xs">
            {options.map((o, j) => (
              <Radio key={o.value} value={o.value} label={o.label} id={j === 0 ? id : undefined} />
            ))}
          </Stack>
        </Radio.Group>
      );
      break;
    case SurveyAnswerType.MULTIPLE_CHOICE:
      field = (
        <Checkbox.Group {...common} value={draft.offeredAnswerIds.map(String)} onChange={(v) => onChange({ offeredAnswerIds: v.map(Number) })}>
          <Stack gap="xs" mt="xs">
            {options.map((o, j) => (
              <Checkbox key={o.value} value={o.value} label={o.label} id={j === 0 ? id : undefined} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
      break;
    case SurveyAnswerType.FREE_TEXT:
      field = <Textarea {...common} autosize minRows={2} maxLength={SURVEY_FREE_TEXT_ANSWER_MAX} value={draft.valueText} onChange={(e) => onChange({ valueText: e.currentTarget.value })} />;
      break;
    case SurveyAnswerType.DATE:
      // A native date field until the shared DateField component lands.
      field = <DateField {...common} value={draft.valueDate} onChange={(valueDate) => onChange({ valueDate })} maw={240} />;
      break;
    default: {
      const scale = q.answerType === SurveyAnswerType.SCALE;
      const min = q.minValue ?? (scale ? 0 : undefined);
      const max = q.maxValue ?? (scale ? 10 : undefined);
      field = (
        <NumberInput
          {...common}
          description={min !== undefined && max !== undefined ? t('answer.range', { min, max }) : undefined}
          min={min}
          max={max}
          value={draft.valueNumber ?? ''}
          onChange={(v) => onChange({ valueNumber: typeof v === 'number' ? v : v === '' ? null : Number(v) })}
          maw={240}
        />
      );
    }
  }
  return (
    <Paper withBorder p="md" radius="md" data-testid="survey-question">
      {field}
    </Paper>
  );
}

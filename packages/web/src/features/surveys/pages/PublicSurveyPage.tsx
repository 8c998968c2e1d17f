import { useEffect, useState } from 'react';
import { Alert, Box, Center, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SaveSurveyAnswersBody } from '@vigil/contract';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { Logo } from '../../../components/Logo';
import { ApiError } from '../../../lib/api-client';
import { useCalendar } from '../../../lib/calendar';
import { useLinkToken } from '../../../lib/link-token';
import { usePublicSurvey, useSavePublicAnswers, useSubmitPublicSurvey } from '../api/surveys';
import { SurveyAnswerForm } from '../components/SurveyAnswerForm';
import { descriptionIn, nameIn } from '../format';

/**
 * /survey#token=… (public, no sign-in; docs/assessments.md "Survey links"; the token in the fragment,
 * docs/security.md "Tokens stay out of addresses"): the patient or caregiver
 * answers one survey occurrence from the signed link staff sent. It opens in the link's language
 * (switchable), keeps partial answers ("Save"), submits once, and says plainly when the link has
 * expired or was revoked (404 "Could not get data!"), or the survey was already submitted.
 */
export default function PublicSurveyPage() {
  const token = useLinkToken('token') ?? '';
  return (
    <Box mih="100vh" bg="gray.0">
      <Container size="sm" py="md" px="sm">
        <Group component="header" justify="space-between" mb="md">
          <Logo size={32} />
          <LanguageSwitch />
        </Group>
        <Box component="main">{/^[A-Za-z0-9_-]{1,200}$/.test(token) ? <PublicSurvey token={token} /> : <Unavailable kind="noLink" />}</Box>
      </Container>
    </Box>
  );
}

function PublicSurvey({ token }: { token: string }) {
  const { t, i18n } = useTranslation('surveys');
  const { date, dateTime } = useCalendar();
  const survey = usePublicSurvey(token);
  const save = useSavePublicAnswers(token);
  const submit = useSubmitPublicSurvey(token);
  const [submitted, setSubmitted] = useState(false);
  const [langSet, setLangSet] = useState(false);
  const data = survey.data;

  // The page opens in the link's language (chosen by staff for the patient); the switch changes it.
  useEffect(() => {
    if (data && !langSet) {
      setLangSet(true);
      if (!i18n.language.startsWith(data.lang)) { void i18n.changeLanguage(data.lang); }
    }
  }, [data, langSet, i18n, i18n.language]);

  if (survey.isLoading) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common:list.loading')} />
      </Center>
    );
  }
  if (survey.error || !data) {
    const status = survey.error instanceof ApiError ? survey.error.status : 0;
    return <Unavailable kind={status === 404 || status === 400 ? 'gone' : 'error'} detail={survey.error instanceof Error ? survey.error.message : undefined} />;
  }
  if (submitted || data.status === 'completed') { return <Done />; }
  if (data.status === 'cancelled') { return <Unavailable kind="gone" />; }

  const onSave = (body: SaveSurveyAnswersBody) =>
    (body.submit ? submit : save).mutateAsync(body).then(
      (r) => {
        if (r.status === 'completed') { setSubmitted(true); }
      },
      (err: unknown) => {
        // Submitted meanwhile (another device, a double tap): say so instead of an error.
        if (err instanceof ApiError && err.status === 409) { setSubmitted(true); }
        else { throw err; }
      },
    );

  const lang = i18n.language;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {lang.startsWith('es') ? data.office.nameEs || data.office.name : data.office.name}
          </Text>
          <Title order={1} fz="h2">
            {nameIn(data, lang)}
          </Title>
          <Text>{t('public.greeting', { name: `${data.patient.firstName} ${data.patient.lastInitial}.` })}</Text>
          {descriptionIn(data, lang) && <Text size="sm" data-testid="public-survey-description">{descriptionIn(data, lang)}</Text>}
          <Text size="sm" c="dimmed">
            {t('public.dueAndExpiry', { due: date(data.dueDate), expires: dateTime(data.expiresAt) })}
          </Text>
          <Text size="sm">{t('public.howTo')}</Text>
        </Stack>
      </Paper>
      <SurveyAnswerForm questions={data.questions} saved={data.answers} lang={lang} onSave={onSave} pending={save.isPending || submit.isPending} testId="public-survey" copyright={data} />
    </Stack>
  );
}

function Done() {
  const { t } = useTranslation('surveys');
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" mt="xl" data-testid="public-survey-done">
      <Stack align="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal" aria-hidden>
          <IconCircleCheck size={30} />
        </ThemeIcon>
        <Title order={1} fz="h2" ta="center">
          {t('public.doneTitle')}
        </Title>
        <Text ta="center">{t('public.doneText')}</Text>
      </Stack>
    </Paper>
  );
}

function Unavailable({ kind, detail }: { kind: 'noLink' | 'gone' | 'error'; detail?: string }) {
  const { t } = useTranslation('surveys');
  return (
    <Paper withBorder shadow="sm" radius="lg" p="xl" mt="xl" data-testid="public-survey-unavailable">
      <Stack align="center" gap="md">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLinkOff size={30} />
        </ThemeIcon>
        <Title order={1} fz="h2" ta="center">
          {t('public.unavailableTitle')}
        </Title>
        <Text ta="center">{t(`public.unavailable.${kind}`)}</Text>
        {detail && (
          <Alert color="gray" variant="light" w="100%">
            <Text size="sm" ta="center">
              {detail}
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Badge, Box, Button, Card, Center, FileButton, Grid, Group, Loader, Modal, SegmentedControl, Select, Stack, Text, TextInput, Tooltip, Typography } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconBook, IconFileText, IconPaperclip, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useTranslation } from 'react-i18next';
import { releaseNoteKinds, releaseNotes, type Lang, type ReleaseNote, type ReleaseNoteKind } from '@vigil/contract';
import { DateField } from '../../../components/DateField';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import { ServerTable, type Column, type PageState } from '../../../components/ServerTable';
import { confirmAction } from '../../../components/confirm';
import { useCan } from '../../../lib/can';
import { useCalendar } from '../../../lib/calendar';
import { invalidateEndpoints } from '../../../lib/endpoint-keys';
import { useAddReleaseNote, useDeleteReleaseNote, useReleaseNoteFile, useReleaseNotes } from '../api/release-notes';

/**
 * /releaseNotesAndManuals (spec section 7 "Release notes"; docs/release-notes.md): release notes and
 * manuals by kind and version, a "new" mark for what the user has not opened, the document shown in
 * the page (PDF in the browser's viewer, Markdown rendered and sanitized); a system admin uploads and
 * deletes (after confirming).
 */
export default function ReleaseNotesPage() {
  const { t } = useTranslation('releaseNotes');
  const { date } = useCalendar();
  const manage = useCan('releaseNotes.manage');
  const [state, setState] = useState<PageState>({ page: 1, pageSize: 25 });
  const [kind, setKind] = useState<ReleaseNoteKind | 'all'>('all');
  const [open, setOpen] = useState<ReleaseNote | null>(null);
  const [uploading, setUploading] = useState(false);
  const list = useReleaseNotes({ page: state.page, pageSize: state.pageSize, kind: kind === 'all' ? undefined : kind, search: state.search });
  const remove = useDeleteReleaseNote();

  const columns: Column<ReleaseNote>[] = [
    {
      header: t('list.title'),
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={r.isNew ? 700 : 500}>
            {r.title}
          </Text>
          {r.isNew && (
            <Badge size="xs" color="red.9" data-testid="release-note-new">
              {t('list.new')}
            </Badge>
          )}
        </Group>
      ),
    },
    { header: t('list.kind'), render: (r) => <Text size="sm">{t(`kind.${r.kind}`)}</Text> },
    { header: t('list.version'), render: (r) => <Text size="sm">{r.version}</Text> },
    { header: t('list.date'), render: (r) => <Text size="sm">{date(r.releaseDate)}</Text> },
    { header: t('list.language'), render: (r) => <Text size="sm">{t(`language.${r.language}`)}</Text> },
    ...(manage
      ? [
          {
            header: t('list.actions'),
            render: (r: ReleaseNote) => (
              <Tooltip label={t('delete.label', { title: r.title })}>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  aria-label={t('delete.label', { title: r.title })}
                  onClick={(e) => {
                    e.stopPropagation();
                    confirmAction({
                      title: t('delete.title'),
                      text: t('delete.text', { title: r.title, version: r.version }),
                      confirmLabel: t('delete.confirm'),
                      onConfirm: () =>
                        remove.mutate(r.id, {
                          onSuccess: () => {
                            if (open?.id === r.id) { setOpen(null); }
                            notifications.show({ color: 'teal', message: t('delete.done', { title: r.title }) });
                          },
                          onError: (err) => notifications.show({ color: 'red', message: err.message }),
                        }),
                    });
                  }}
                  data-testid="release-note-delete"
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ),
          } satisfies Column<ReleaseNote>,
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={list.data && list.data.newCount > 0 ? t('newCount', { count: list.data.newCount }) : t('description')}
        actions={
          manage && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setUploading(true)} data-testid="release-note-upload">
              {t('upload.open')}
            </Button>
          )
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="sm">
            <Group gap="sm">
              <SegmentedControl
                aria-label={t('list.kind')}
                value={kind}
                onChange={(v) => {
                  setKind(v as ReleaseNoteKind | 'all');
                  setState({ ...state, page: 1 });
                }}
                data={[{ value: 'all', label: t('kind.all') }, ...releaseNoteKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))]}
              />
              <SearchInput value={state.search ?? ''} onChange={(search) => setState({ ...state, page: 1, search })} label={t('list.search')} />
            </Group>
            <ServerTable
              caption={t('list.caption')}
              columns={columns}
              rows={list.data?.items}
              total={list.data?.total}
              state={state}
              onChange={setState}
              rowKey={(r) => r.id}
              loading={list.isLoading}
              error={list.error}
              onRetry={() => void list.refetch()}
              onRowClick={setOpen}
              rowProps={(r) => ({ 'data-testid': 'release-note-row', style: { cursor: 'pointer' }, bg: r.id === open?.id ? 'var(--mantine-color-teal-0)' : undefined })}
              emptyText={t('list.empty')}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          {open ? (
            <Viewer note={open} />
          ) : (
            <Card withBorder>
              <EmptyState text={t('viewer.choose')} />
            </Card>
          )}
        </Grid.Col>
      </Grid>
      {manage && <UploadModal opened={uploading} onClose={() => setUploading(false)} />}
    </Stack>
  );
}

/** The open document: a PDF in the browser's own viewer, Markdown rendered (sanitized with DOMPurify). */
function Viewer({ note }: { note: ReleaseNote }) {
  const { t } = useTranslation('releaseNotes');
  const qc = useQueryClient();
  const file = useReleaseNoteFile(note.id);
  const [markdown, setMarkdown] = useState<string | null>(null);
  const url = useMemo(() => (file.data && note.contentType === 'application/pdf' ? URL.createObjectURL(new Blob([file.data], { type: 'application/pdf' })) : null), [file.data, note.contentType]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  useEffect(() => {
    if (!file.data) { return; }
    // Opening cleared the "new" mark on the server.
    void invalidateEndpoints(qc, [releaseNotes.findReleaseNotes]);
    if (note.contentType === 'text/markdown') { void file.data.text().then((text) => setMarkdown(DOMPurify.sanitize(marked.parse(text, { async: false })))); }
  }, [file.data, note.contentType, qc]);

  return (
    <Card withBorder data-testid="release-note-viewer">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          {note.kind === 'manual' ? <IconBook size={18} aria-hidden /> : <IconFileText size={18} aria-hidden />}
          <Text fw={700} component="h2" fz="lg" m={0}>
            {note.title}
          </Text>
          <Badge variant="outline" color="teal.9">{note.version}</Badge>
        </Group>
        {file.isLoading ? (
          <Center py="xl">
            <Loader size="sm" aria-label={t('common:list.loading')} />
          </Center>
        ) : file.isError ? (
          <Text c="red.9">{file.error.message}</Text>
        ) : url ? (
          <Box component="iframe" src={url} title={note.title} w="100%" h="70vh" style={{ border: '1px solid var(--mantine-color-gray-3)' }} data-testid="release-note-pdf" />
        ) : markdown !== null ? (
          <Typography data-testid="release-note-markdown">
            <div dangerouslySetInnerHTML={{ __html: markdown }} />
          </Typography>
        ) : null}
      </Stack>
    </Card>
  );
}

function UploadModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('releaseNotes');
  const add = useAddReleaseNote();
  const [kind, setKind] = useState<ReleaseNoteKind>('manual');
  const [title, setTitle] = useState('');
  const [version, setVersion] = useState('');
  const [date, setDate] = useState('');
  const [language, setLanguage] = useState<Lang>('es');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    if (!file) { return setErrors({ File: t('upload.fileRequired') }); }
    add.mutate(
      { kind, title: title.trim(), version: version.trim(), date, language, file },
      {
        onSuccess: (n) => {
          notifications.show({ color: 'teal', message: t('upload.done', { title: n.title }) });
          setTitle('');
          setVersion('');
          setDate('');
          setFile(null);
          setErrors({});
          onClose();
        },
        onError: (e) => {
          setErrors(e.fieldErrors);
          notifications.show({ color: 'red', message: e.message });
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('upload.title')} size="lg">
      <Stack gap="sm">
        <Select label={t('list.kind')} data={releaseNoteKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))} value={kind} allowDeselect={false} onChange={(v) => v && setKind(v as ReleaseNoteKind)} data-testid="release-note-kind" />
        <TextInput label={t('list.title')} required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} data-testid="release-note-title" />
        <Group grow>
          <TextInput label={t('list.version')} required maxLength={40} value={version} onChange={(e) => setVersion(e.currentTarget.value)} error={errors.version} data-testid="release-note-version" />
          <DateField label={t('list.date')} required value={date} onChange={setDate} error={errors.date} data-testid="release-note-date" />
        </Group>
        <Select
          label={t('list.language')}
          data={(['es', 'en'] as const).map((l) => ({ value: l, label: t(`language.${l}`) }))}
          value={language}
          allowDeselect={false}
          onChange={(v) => v && setLanguage(v as Lang)}
        />
        <Group gap="sm">
          <FileButton onChange={setFile} accept="application/pdf,.pdf,.md,.markdown,text/markdown">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPaperclip size={16} aria-hidden />} data-testid="release-note-file">
                {t('upload.choose')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c={errors.File ? 'red.9' : 'dimmed'}>
            {file ? file.name : (errors.File ?? t('upload.types'))}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button leftSection={<IconUpload size={16} aria-hidden />} loading={add.isPending} onClick={submit} data-testid="release-note-submit">
            {t('upload.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

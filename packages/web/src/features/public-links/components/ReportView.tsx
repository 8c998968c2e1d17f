import { Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PublicLinkReport } from '@vigil/contract';
import { LinkUnavailable } from './LinkUnavailable';
import { PublicReport } from './PublicReport';
import { ReportLayout } from './ReportLayout';

/** A report query's states as a page: loading, the "not available" message page, or the report. */
export function ReportView({ token, query }: { token: string | null; query: UseQueryResult<PublicLinkReport> }) {
  const { t } = useTranslation('publicLinks');
  if (!token) {
    return (
      <ReportLayout>
        <LinkUnavailable error={null} />
      </ReportLayout>
    );
  }
  if (query.isPending) {
    return (
      <ReportLayout>
        <Center h="60vh">
          <Loader aria-label={t('report.loading')} />
        </Center>
      </ReportLayout>
    );
  }
  if (query.isError) {
    return (
      <ReportLayout>
        <LinkUnavailable error={query.error} onRetry={() => void query.refetch()} />
      </ReportLayout>
    );
  }
  return (
    <ReportLayout printable>
      <PublicReport report={query.data} />
    </ReportLayout>
  );
}

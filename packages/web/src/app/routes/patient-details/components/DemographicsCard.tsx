import { useTranslation } from 'react-i18next';
import type { PatientMetadata, User } from '@vigil/contract';
import { DetailList } from '../../../../components/DetailList';
import { useCalendar } from '../../../../lib/calendar';
import { currentLang } from '../../../../lib/i18n';
import { formatNumber } from '../../../../components/measurements/format';
import { Pending, SectionCard } from './SectionCard';

const withUnit = (value: number | null | undefined, unit: string) => (value === null || value === undefined ? '' : `${formatNumber(value, currentLang())} ${unit}`);

/** Demographics and clinical metadata: birth date and age, gender, contact, language, identifiers, height, weight, ideal weight. */
export function DemographicsCard({ patient, meta, metaError }: { patient: User; meta: PatientMetadata | null | undefined; metaError: unknown }) {
  const { t } = useTranslation(['patientDetails', 'person']);
  const dates = useCalendar();
  const age = dates.age(patient.birthdate);
  return (
    <SectionCard title={t('demographics.title')} testId="demographics">
      <DetailList
        items={[
          { label: t('demographics.birthdate'), value: patient.birthdate ? `${dates.date(patient.birthdate)}${age !== null ? ` (${t('age', { count: age })})` : ''}` : '' },
          { label: t('demographics.gender'), value: patient.gender ? t(`person:genders.${patient.gender}`, { defaultValue: patient.gender }) : '' },
          { label: t('demographics.phone'), value: patient.phone },
          { label: t('demographics.email'), value: patient.email ?? '' },
          { label: t('demographics.language'), value: t(`person:languages.${patient.language === 'ENG' ? 'ENG' : 'ESP'}`) },
          { label: t('demographics.timeZone'), value: patient.userTimezone },
        ]}
      />
      {meta === undefined ? (
        <Pending error={metaError} />
      ) : (
        <DetailList
          items={[
            { label: t('demographics.height'), value: withUnit(meta?.heightInCm, 'cm') },
            { label: t('demographics.weight'), value: withUnit(meta?.weightInKg, 'kg') },
            { label: t('demographics.idealWeight'), value: withUnit(meta?.idealWeightCalculatedInKg, 'kg') },
            { label: t('demographics.mrn'), value: meta?.medicalRegistrationNumber ?? '' },
            { label: t('demographics.patientIdentifier'), value: meta?.patientIdentifier ?? '' },
          ]}
        />
      )}
    </SectionCard>
  );
}

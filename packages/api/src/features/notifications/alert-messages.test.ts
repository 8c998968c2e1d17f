import { describe, expect, it } from 'vitest';
import { unitLabelIn } from '@vigil/contract';
import { abnormalMeasurementTexts, dailyGoalTexts, missedMeasurementTexts, reminderTexts, valuesText } from './alert-messages';

describe('alert texts', () => {
  it('names a critical blood pressure with its values and the patient, in English and Spanish', () => {
    const texts = abnormalMeasurementTexts({
      deviceType: 'BLOOD_PRESSURE',
      severity: 2,
      valuesJson: { '8480-6': 186, '8462-4': 124 },
      patientName: 'Ana García',
      isSimulated: false,
    });
    expect(texts).toEqual({ en: 'Critical blood pressure 186/124 mmHg for Ana García', es: 'Presión arterial crítica 186/124 mmHg para Ana García' });
  });

  it('adds the pulse of a blood pressure reading, and says when a reading was simulated', () => {
    const texts = abnormalMeasurementTexts({
      deviceType: 'BLOOD_PRESSURE',
      severity: 1,
      valuesJson: { '8480-6': 150, '8462-4': 95, '8867-4': 88 },
      patientName: 'Ana García',
      isSimulated: true,
    });
    expect(texts.en).toBe('Caution: blood pressure 150/95 mmHg, pulse 88 bpm for Ana García (simulated reading)');
    expect(texts.es).toBe('Precaución: presión arterial 150/95 mmHg, pulso 88 lpm para Ana García (lectura simulada)');
  });

  it('shows glucose in mmol/L (spec section 9 default) with a Spanish decimal comma', () => {
    expect(valuesText('GLUCOSE', { '2339-0': 300 }, 'en')).toBe('16.7 mmol/L');
    expect(valuesText('GLUCOSE', { '2339-0': 300 }, 'es')).toBe('16,7 mmol/L');
    expect(valuesText('GLUCOSE', { '2339-0': 300 }, 'en', { system: 'metric', glucose: 'mg/dL' })).toBe('300 mg/dL');
  });

  it('agrees the Spanish adjective with a masculine device title (Peso crítico)', () => {
    const texts = abnormalMeasurementTexts({ deviceType: 'WEIGHT', severity: 2, valuesJson: { '29463-7': 120.5 }, patientName: 'Luis Pérez', isSimulated: false });
    expect(texts).toEqual({ en: 'Critical weight 120.5 kg for Luis Pérez', es: 'Peso crítico 120,5 kg para Luis Pérez' });
  });

  it('lists SpO2 with its pulse and a temperature in Celsius', () => {
    expect(valuesText('SPO2', { '59408-5': 88, '8867-4': 110 }, 'en')).toBe('88 %, pulse 110 bpm');
    expect(valuesText('SPO2', { '59408-5': 88, '8867-4': 110 }, 'es')).toBe('88 %, pulso 110 lpm');
    expect(valuesText('TEMPERATURE', { '8310-5': 39.8 }, 'en')).toBe('39.8 °C');
    expect(valuesText('TEMPERATURE', { '8310-5': 39.8 }, 'en', { system: 'imperial', glucose: 'mg/dL' })).toBe('103.6 °F');
  });

  it('labels a pulse per language (bpm / lpm) and other units as the catalogue does', () => {
    expect(unitLabelIn('/min', 'en')).toBe('bpm');
    expect(unitLabelIn('/min', 'es')).toBe('lpm');
    expect(unitLabelIn('mm[Hg]', 'es')).toBe('mmHg');
    expect(unitLabelIn('[degF]', 'en')).toBe('°F');
    expect(unitLabelIn('unknown-unit', 'en')).toBe('unknown-unit');
  });

  it('falls back to codes for a device type the catalogue does not know', () => {
    expect(valuesText('PEAK_FLOW', { '19935-6': 420 }, 'en')).toBe('19935-6 420');
    expect(missedMeasurementTexts({ deviceType: 'PEAK_FLOW', time: '08:00', patientName: 'Ana García' }).en).toBe('Missed peak flow measurement at 08:00 for Ana García');
  });

  it('writes missed-measurement, reminder and daily-goal texts', () => {
    expect(missedMeasurementTexts({ deviceType: 'BLOOD_PRESSURE', time: '08:00', patientName: 'Ana García' })).toEqual({
      en: 'Missed blood pressure measurement at 08:00 for Ana García',
      es: 'Medición de presión arterial omitida a las 08:00 para Ana García',
    });
    expect(reminderTexts({ deviceType: 'GLUCOSE', time: '07:30' })).toEqual({
      en: 'Reminder: blood glucose measurement at 07:30',
      es: 'Recordatorio: medición de glucosa en sangre a las 07:30',
    });
    expect(dailyGoalTexts({ deviceType: 'BLOOD_PRESSURE', count: 2, goal: 2 })).toEqual({
      en: 'Daily goal reached: 2 of 2 blood pressure measurements today',
      es: 'Meta diaria alcanzada: 2 de 2 mediciones de presión arterial hoy',
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkMedicalDeviceThresholds,
  createHubBodySchema,
  hubMacSchema,
  isUnicastMac,
  medicalDeviceIdentifierSchema,
  medicalDeviceThresholdsInputSchema,
} from './devices.schemas';

describe('checkMedicalDeviceThresholds', () => {
  it('keeps limits of the device type that rise from critical low to critical high', () => {
    const { value, issues } = checkMedicalDeviceThresholds('BLOOD_PRESSURE', {
      '8480-6': { criticalHigh: 170, cautionHigh: 135, cautionLow: 95, criticalLow: 85 },
      '8867-4': { cautionHigh: 110 },
    });
    expect(issues).toEqual({});
    expect(value).toEqual({ '8480-6': { criticalLow: 85, cautionLow: 95, cautionHigh: 135, criticalHigh: 170 }, '8867-4': { cautionHigh: 110 } });
  });

  it('stores a LOINC alias under the catalogue code (SpO2 2708-6 as 59408-5)', () => {
    const { value, issues } = checkMedicalDeviceThresholds('SPO2', { '2708-6': { cautionLow: 93, criticalLow: 88 } });
    expect(issues).toEqual({});
    expect(value).toEqual({ '59408-5': { criticalLow: 88, cautionLow: 93 } });
  });

  it('refuses a code that is not a value of the device type', () => {
    const { issues } = checkMedicalDeviceThresholds('WEIGHT', { '8480-6': { cautionHigh: 140 } });
    expect(issues).toEqual({ 'deviceDefaultValuesJson.8480-6': 'invalid' });
  });

  it('refuses the same value named twice (code and alias)', () => {
    const { issues } = checkMedicalDeviceThresholds('SPO2', { '59408-5': { cautionLow: 93 }, '2708-6': { cautionLow: 92 } });
    expect(issues).toEqual({ 'deviceDefaultValuesJson.2708-6': 'invalid' });
  });

  it('refuses critical limits inside the caution limits, and equal limits', () => {
    expect(checkMedicalDeviceThresholds('GLUCOSE', { '2339-0': { cautionHigh: 180, criticalHigh: 170 } }).issues).toEqual({
      'deviceDefaultValuesJson.2339-0': 'thresholdsOutOfOrder',
    });
    expect(checkMedicalDeviceThresholds('GLUCOSE', { '2339-0': { cautionLow: 70, criticalLow: 75 } }).issues).toEqual({
      'deviceDefaultValuesJson.2339-0': 'thresholdsOutOfOrder',
    });
    expect(checkMedicalDeviceThresholds('TEMPERATURE', { '8310-5': { cautionHigh: 38, criticalHigh: 38 } }).issues).toEqual({
      'deviceDefaultValuesJson.8310-5': 'thresholdsOutOfOrder',
    });
    expect(checkMedicalDeviceThresholds('TEMPERATURE', { '8310-5': { cautionLow: 38, cautionHigh: 36 } }).issues).toEqual({
      'deviceDefaultValuesJson.8310-5': 'thresholdsOutOfOrder',
    });
  });

  it('refuses a limit outside the plausible range of the value', () => {
    expect(checkMedicalDeviceThresholds('SPO2', { '59408-5': { cautionLow: 101 } }).issues).toEqual({ 'deviceDefaultValuesJson.59408-5': 'regex' });
  });

  it('drops a code without limits, so the defaults apply to it', () => {
    expect(checkMedicalDeviceThresholds('GLUCOSE', { '2339-0': {} })).toEqual({ value: {}, issues: {} });
  });
});

describe('medicalDeviceThresholdsInputSchema', () => {
  it('accepts the JSON string the spec sends and an object', () => {
    expect(medicalDeviceThresholdsInputSchema.parse('{"2339-0":{"cautionHigh":200}}')).toEqual({ '2339-0': { cautionHigh: 200 } });
    expect(medicalDeviceThresholdsInputSchema.parse({ '2339-0': { cautionHigh: 200 } })).toEqual({ '2339-0': { cautionHigh: 200 } });
    expect(medicalDeviceThresholdsInputSchema.parse('')).toEqual({});
  });

  it('refuses text that is not JSON, unknown limit names, non-numbers and malformed codes', () => {
    for (const bad of ['{not json', { '2339-0': { warnHigh: 1 } }, { '2339-0': { cautionHigh: '200' } }, { glucose: { cautionHigh: 200 } }]) {
      expect(medicalDeviceThresholdsInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('MAC addresses', () => {
  it('accepts unicast EUI-48 addresses in colon, hyphen or bare form and normalises them', () => {
    expect(hubMacSchema.parse('00:1b:44:11:3a:b7')).toBe('00:1B:44:11:3A:B7');
    expect(hubMacSchema.parse('00-1B-44-11-3A-B7')).toBe('00:1B:44:11:3A:B7');
    expect(hubMacSchema.parse('001B44113AB7')).toBe('00:1B:44:11:3A:B7');
  });

  it('refuses malformed, mixed-separator, all-zero, broadcast and multicast addresses', () => {
    for (const bad of ['00:1B:44:11:3A', '00:1B:44:11:3A:B7:01', '00:1B-44:11:3A:B7', 'GG:1B:44:11:3A:B7', '00:00:00:00:00:00', 'FF:FF:FF:FF:FF:FF', '01:00:5E:00:00:FB']) {
      expect(isUnicastMac(bad), bad).toBe(false);
    }
  });
});

describe('identifiers', () => {
  it('accepts serial numbers and BLE addresses and refuses spaces and edge punctuation', () => {
    expect(medicalDeviceIdentifierSchema.safeParse('OMRON-BP7250-000123').success).toBe(true);
    expect(medicalDeviceIdentifierSchema.safeParse('C8:FD:19:AA:01:02').success).toBe(true);
    for (const bad of ['', 'with space', '-leading', 'trailing.', 'x'.repeat(101)]) { expect(medicalDeviceIdentifierSchema.safeParse(bad).success, bad).toBe(false); }
  });

  it('requires hub name, identifier, MAC and office to register a hub', () => {
    const result = createHubBodySchema.safeParse({ hubIdentifier: 'HUB-1', hubMAC: '00:1B:44:11:3A:B7', hubName: '', hospitalId: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['hubName']);
  });
});

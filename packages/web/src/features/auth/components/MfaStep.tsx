import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Code, Image, List, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { startAuthentication } from '@simplewebauthn/browser';
import { auth as authApi, type MfaChallenge, type SignInResult, type TotpEnrolment } from '@vigil/contract';
import { ApiError, call } from '../../../lib/api-client';

/** How long "remember this device" lasts by default (the server's VIGIL_MFA_REMEMBER_DAYS decides). */
const REMEMBER_DAYS = 30;

/**
 * The second step of a sign-in (docs/security.md "Multi-factor authentication"): a TOTP code, a
 * recovery code or a passkey, with "remember this device"; or, when the organization requires a
 * factor the user does not hold, the TOTP enrolment (QR code, key, first code) and the recovery
 * codes shown once. Calls `onSignedIn` with the session.
 */
export function MfaStep({ challenge, onSignedIn }: { challenge: MfaChallenge; onSignedIn: (result: SignInResult) => void }) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<'totp' | 'recovery' | 'passkey'>(
    challenge.methods.includes('totp') || challenge.enrolRequired ? 'totp' : challenge.methods.includes('passkey') ? 'passkey' : 'recovery',
  );
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<{ result: SignInResult; codes: string[] } | null>(null);

  const fail = (err: unknown) => setError(err instanceof ApiError ? err.message : t('networkError'));

  const startEnrolment = async () => {
    setBusy(true);
    try { setEnrolment(await call(authApi.mfaEnrolTotp, { body: { challengeToken: challenge.challengeToken } })); } catch (err) { fail(err); } finally { setBusy(false); }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      if (challenge.enrolRequired && enrolment) {
        const done = await call(authApi.mfaEnrolTotpConfirm, { body: { challengeToken: challenge.challengeToken, factorId: enrolment.factorId, code } });
        setCodes({ result: done.signIn, codes: done.recoveryCodes });
      } else {
        const body = mode === 'totp' ? { challengeToken: challenge.challengeToken, code, rememberDevice: remember } : { challengeToken: challenge.challengeToken, recoveryCode: code, rememberDevice: remember };
        onSignedIn(await call(authApi.mfaVerify, { body }));
      }
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const signInWithPasskey = async () => {
    setError(null);
    setBusy(true);
    try {
      const options = await call(authApi.mfaPasskeyOptions, { body: { challengeToken: challenge.challengeToken } });
      const assertion = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
      onSignedIn(await call(authApi.mfaVerify, { body: { challengeToken: challenge.challengeToken, assertion: assertion as unknown as Record<string, unknown>, rememberDevice: remember } }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('mfa.passkeyFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (codes) {
    return (
      <Stack gap="md">
        <Text fw={600}>{t('mfa.codesTitle')}</Text>
        <Text size="sm">{t('mfa.codesText')}</Text>
        <List data-testid="recovery-codes" spacing={2}>
          {codes.codes.map((c) => (
            <List.Item key={c}>
              <Code>{c}</Code>
            </List.Item>
          ))}
        </List>
        <Button onClick={() => onSignedIn(codes.result)} autoFocus>
          {t('mfa.codesDone')}
        </Button>
      </Stack>
    );
  }

  const errorAlert = error && (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="mfa-error">
      {error}
    </Alert>
  );

  if (challenge.enrolRequired && !enrolment) {
    return (
      <Stack gap="md">
        <Text fw={600}>{t('mfa.enrolTitle')}</Text>
        <Text size="sm">{t('mfa.enrolSubtitle')}</Text>
        {errorAlert}
        <Button onClick={() => void startEnrolment()} loading={busy} autoFocus>
          {t('mfa.enrolTitle')}
        </Button>
      </Stack>
    );
  }

  const rememberBox = <Checkbox label={t('mfa.remember', { days: REMEMBER_DAYS })} checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />;
  const switchTo = (next: 'totp' | 'recovery' | 'passkey') => { setCode(''); setError(null); setMode(next); };

  // A user whose factor is a passkey: the passkey first, a recovery code as the way out.
  if (mode === 'passkey' && !challenge.enrolRequired) {
    return (
      <Stack gap="md">
        <Text fw={600}>{t('mfa.title')}</Text>
        <Text size="sm">{t('mfa.passkeySubtitle')}</Text>
        {errorAlert}
        {rememberBox}
        <Button onClick={() => void signInWithPasskey()} loading={busy} fullWidth size="md" autoFocus>
          {t('mfa.usePasskey')}
        </Button>
        {challenge.methods.includes('recovery') && (
          <Anchor component="button" type="button" size="sm" ta="center" onClick={() => switchTo('recovery')}>
            {t('mfa.useRecovery')}
          </Anchor>
        )}
      </Stack>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text fw={600}>{challenge.enrolRequired ? t('mfa.enrolTitle') : t('mfa.title')}</Text>
        {enrolment ? (
          <>
            <Text size="sm">{t('mfa.enrolSubtitle')}</Text>
            <Image src={enrolment.qrDataUrl} alt={t('mfa.qrAlt')} w={200} h={200} />
            <Text size="xs" c="dimmed">
              {t('mfa.secret')}: <Code data-testid="totp-secret">{enrolment.secret}</Code>
            </Text>
          </>
        ) : (
          <Text size="sm">{mode === 'totp' ? t('mfa.subtitle') : t('mfa.recoverySubtitle')}</Text>
        )}
        {errorAlert}
        <TextInput
          label={mode === 'totp' ? t('mfa.code') : t('mfa.recoveryCode')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoComplete="one-time-code"
          inputMode={mode === 'totp' ? 'numeric' : 'text'}
          autoFocus
        />
        {!challenge.enrolRequired && rememberBox}
        <Button type="submit" loading={busy} fullWidth size="md">
          {challenge.enrolRequired ? t('mfa.enrolConfirm') : t('mfa.verify')}
        </Button>
        {!challenge.enrolRequired && challenge.methods.includes('passkey') && (
          <Button variant="default" onClick={() => void signInWithPasskey()} disabled={busy}>
            {t('mfa.usePasskey')}
          </Button>
        )}
        {!challenge.enrolRequired && challenge.methods.includes('recovery') && challenge.methods.includes('totp') && (
          <Anchor component="button" type="button" size="sm" ta="center" onClick={() => switchTo(mode === 'totp' ? 'recovery' : 'totp')}>
            {mode === 'totp' ? t('mfa.useRecovery') : t('mfa.useCode')}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}

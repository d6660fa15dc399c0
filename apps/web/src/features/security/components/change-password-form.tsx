import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { CodeInput, GradientButton, isNewPasswordReady, NewPasswordFields, PasswordInput, showToast } from '@/ui';
import type { SecurityApi } from '../api/security-api';

/** Change password: the current one, the authenticator code when one is bound, and the new one twice. */
export function ChangePasswordForm({
  api,
  needsAuthenticator,
  onDone,
}: {
  api: SecurityApi;
  needsAuthenticator: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [gaCode, setGaCode] = useState('');
  const change = useApiMutation({
    mutationFn: (body: Parameters<SecurityApi['changePassword']>[0]) => api.changePassword(body),
    onSuccess: () => {
      showToast({ message: t('security.changePassword.done'), kind: 'success' });
      onDone();
    },
  });
  const error = change.error ? errorText(change.error, t) : undefined;
  const ready = oldPassword.length > 0 && isNewPasswordReady(password, repeat) && (!needsAuthenticator || gaCode.length === 6);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || change.isPending) return;
    change.mutate({ oldPassword, password, confirmPassword: repeat, ...(needsAuthenticator ? { gaVerifyCode: gaCode } : {}) });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <PasswordInput
        label={t('security.changePassword.old')}
        autoComplete="current-password"
        value={oldPassword}
        onValueChange={setOldPassword}
        autoFocus
      />
      <NewPasswordFields
        label={t('security.changePassword.new')}
        repeatLabel={t('security.changePassword.repeat')}
        password={password}
        repeat={repeat}
        onPasswordChange={setPassword}
        onRepeatChange={setRepeat}
      />
      {needsAuthenticator ? <CodeInput label={t('security.changePassword.gaCode')} onChange={setGaCode} /> : null}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <GradientButton type="submit" fullWidth loading={change.isPending} variant={ready ? 'primary' : 'inactive'}>
        {t('security.changePassword.save')}
      </GradientButton>
    </form>
  );
}

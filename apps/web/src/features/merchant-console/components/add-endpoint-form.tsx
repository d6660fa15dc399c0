import { ErrorCode } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { isError } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { GradientButton, showToast, TextInput } from '@/ui';
import { CONSOLE_KEYS, useMerchantConsoleApi, type WebhookEndpoint } from '../api/merchant-console-api';
import { consoleErrorText } from '../console-errors';
import { useTranslation } from '../texts';
import { useSecondFactor } from '../use-second-factor';

/**
 * Adding a webhook endpoint: its URL and a description, then the authenticator code when one is bound.
 * The server checks the URL (MWH0000001: https, no credentials, at most 2,000 characters), said under
 * the field; any other refusal under the form. The new endpoint and its secret go to `onAdded`.
 */
export function AddEndpointForm({
  merchantId,
  onAdded,
  onCancel,
}: {
  merchantId: string;
  onAdded: (endpoint: WebhookEndpoint & { secret: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const api = useMerchantConsoleApi();
  const queries = useQueryClient();
  const secondFactor = useSecondFactor();
  const urlField = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [refusal, setRefusal] = useState<{ url: string; error: unknown } | null>(null);
  // The form opens on a click: the keyboard moves into it.
  useEffect(() => urlField.current?.focus(), []);

  const save = useApiMutation({
    mutationFn: () =>
      secondFactor.run((factor) => api.createEndpoint({ merchantId, url: url.trim(), description: description.trim(), ...factor })),
    onSuccess: (endpoint) => {
      if (!endpoint) return;
      void queries.invalidateQueries({ queryKey: CONSOLE_KEYS.endpoints(merchantId) });
      showToast({ message: t('merchantConsole.webhooks.added'), kind: 'success' });
      onAdded(endpoint);
    },
    onError: (error) => {
      setRefusal({ url, error });
      if (isError(error, ErrorCode.MerchantWebhookUrlInvalid)) urlField.current?.focus();
    },
  });
  // The server's word on the URL stands until the URL is changed.
  const urlRefused = refusal && refusal.url === url && isError(refusal.error, ErrorCode.MerchantWebhookUrlInvalid);
  const formRefusal = refusal && !isError(refusal.error, ErrorCode.MerchantWebhookUrlInvalid) ? consoleErrorText(refusal.error, t) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return urlField.current?.focus();
    setRefusal(null);
    save.mutate();
  };

  return (
    <form aria-labelledby={titleId} onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl border border-line bg-bg p-3">
      <h3 id={titleId} className="text-base font-semibold text-fg">
        {t('merchantConsole.webhooks.addTitle')}
      </h3>
      <TextInput
        ref={urlField}
        label={t('merchantConsole.webhooks.url')}
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        value={url}
        onValueChange={setUrl}
        errors={urlRefused ? [consoleErrorText(refusal.error, t)] : undefined}
        aria-describedby={`${titleId}-hint`}
      />
      <p id={`${titleId}-hint`} className="-mt-2 text-xs text-muted">
        {t('merchantConsole.webhooks.urlHint')}
      </p>
      <TextInput label={t('merchantConsole.webhooks.description')} maxLength={200} value={description} onValueChange={setDescription} />
      {formRefusal ? (
        <p role="alert" className="text-sm text-danger">
          {formRefusal}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <GradientButton type="submit" loading={save.isPending}>
          {t('merchantConsole.webhooks.save')}
        </GradientButton>
        <GradientButton variant="outline" onClick={onCancel} disabled={save.isPending}>
          {t('merchantConsole.cancel')}
        </GradientButton>
      </div>
      {secondFactor.element}
    </form>
  );
}

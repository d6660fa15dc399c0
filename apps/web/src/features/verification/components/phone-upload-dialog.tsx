import type { CreateUploadHandoffResult, UploadHandoffFile, UploadHandoffState } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOffline, limitText } from '@/lib/http-errors';
import { poll } from '@/lib/polling';
import { GradientButton, Modal, Spinner } from '@/ui';
import type { UploadHandoffApi } from '../api/upload-handoff-api';

/** How often the computer asks what has arrived from the phone. */
export const HANDOFF_POLL_INTERVAL_MS = 3_000;

export interface PhoneUploadDialogProps {
  open: boolean;
  onClose: () => void;
  api: UploadHandoffApi;
  /** Files that arrived since the last call, each given once. */
  onArrived: (files: UploadHandoffFile[]) => void;
}

/**
 * "Continue on your phone": a link (QR code) to the file-upload page, and what the phone sends,
 * polled while the dialog is open. One link serves every opening until it expires, so a phone
 * already on the page keeps working when the dialog is closed and opened again.
 */
export function PhoneUploadDialog({ open, onClose, api, onArrived }: PhoneUploadDialogProps) {
  const { t, i18n } = useTranslation();
  // Bumped by "Make a new link": a new query key, so a new link.
  const [generation, setGeneration] = useState(0);
  const handoff = useQuery({
    queryKey: ['upload-handoff', generation],
    queryFn: () => api.create(i18n.language === 'zh' ? 'zh' : 'en'),
    enabled: open,
    // Kept while this dialog lives (closed included), dropped with the form.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  // Every file is handed over once, even when the dialog is opened again on the same link.
  const given = useRef(new Set<string>());
  const receive = (state: UploadHandoffState) => {
    const fresh = state.files.filter((file) => !given.current.has(file.filePath));
    fresh.forEach((file) => given.current.add(file.filePath));
    if (fresh.length > 0) onArrived(fresh);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('verification.docs.phone.title')}
      description={t('verification.docs.phone.description')}
    >
      {handoff.data ? (
        <HandoffPanel
          key={handoff.data.handoffId}
          handoff={handoff.data}
          api={api}
          onState={receive}
          onRenew={() => setGeneration((g) => g + 1)}
        />
      ) : handoff.isError ? (
        <div className="flex flex-col gap-3">
          {/* Too many links asked for: say until when rather than that it failed. */}
          <p role="alert" className="text-sm text-danger">
            {limitText(handoff.error, t) ?? t('verification.docs.phone.failed')}
          </p>
          <GradientButton fullWidth onClick={() => void handoff.refetch()}>
            {t('verification.docs.phone.retry')}
          </GradientButton>
        </div>
      ) : (
        <div className="flex min-h-[180px] items-center justify-center">
          <Spinner size="lg" label={t('verification.docs.phone.creating')} />
        </div>
      )}
    </Modal>
  );
}

type PanelStatus = 'waiting' | 'expired' | 'failed';

interface HandoffPanelProps {
  handoff: CreateUploadHandoffResult;
  api: UploadHandoffApi;
  onState: (state: UploadHandoffState) => void;
  onRenew: () => void;
}

const hasExpired = (expiresAt: string) => Date.parse(expiresAt) <= Date.now();
/** One link: its QR code and expiry while it polls; mounted only while the dialog is open, so closing stops the polling. */
function HandoffPanel({ handoff, api, onState, onRenew }: HandoffPanelProps) {
  const { t, i18n } = useTranslation();
  const { handoffId, expiresAt } = handoff;
  const [status, setStatus] = useState<PanelStatus>(() => (hasExpired(expiresAt) ? 'expired' : 'waiting'));
  const [received, setReceived] = useState(0);
  const [copied, setCopied] = useState(false);
  // The poll outlives renders: it calls the latest api and callback, and is not restarted by new ones.
  const latest = useRef({ api, onState });
  useLayoutEffect(() => {
    latest.current = { api, onState };
  });

  useEffect(() => {
    if (status !== 'waiting') return;
    const controller = new AbortController();
    const request = async (signal?: AbortSignal) => {
      const state = await latest.current.api.files(handoffId, signal);
      setReceived(state.files.length);
      latest.current.onState(state);
      return state;
    };
    poll({
      request,
      isDone: (state) => state.expired,
      intervalMs: HANDOFF_POLL_INTERVAL_MS,
      // Until the link's own end, plus one look after it.
      maxCount: Math.max(1, Math.ceil((Date.parse(expiresAt) - Date.now()) / HANDOFF_POLL_INTERVAL_MS) + 1),
      // A dropped connection is worth another look; a refusal (e.g. a dead session) is not.
      isRetryableError: isOffline,
      onTimeout: () => setStatus('expired'),
      signal: controller.signal,
    }).then(
      (state) => {
        if (state?.expired) setStatus('expired');
      },
      () => setStatus('failed'),
    );
    return () => controller.abort();
  }, [status, handoffId, expiresAt]);

  if (status === 'expired') {
    return (
      <div className="flex flex-col gap-3">
        <p role="alert" className="text-sm text-fg">
          {t('verification.docs.phone.expired')}
        </p>
        <GradientButton fullWidth onClick={onRenew}>
          {t('verification.docs.phone.renew')}
        </GradientButton>
      </div>
    );
  }

  const until = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(expiresAt));
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
  const copy = () =>
    void navigator.clipboard.writeText(handoff.link).then(
      () => setCopied(true),
      () => setCopied(false),
    );

  return (
    <div className="flex flex-col items-center gap-4 text-sm">
      {/* White behind the code in dark mode too: phone cameras read dark-on-light. */}
      <img src={handoff.qrCode} alt={t('verification.docs.phone.qrAlt')} width={180} height={180} className="rounded-lg bg-white p-2" />
      <p className="text-center text-muted">{t('verification.docs.phone.expires', { time: until })}</p>
      {status === 'failed' ? (
        <div className="flex w-full flex-col gap-3">
          <p role="alert" className="text-danger">
            {t('verification.docs.phone.pollFailed')}
          </p>
          <GradientButton fullWidth onClick={() => setStatus('waiting')}>
            {t('verification.docs.phone.retry')}
          </GradientButton>
        </div>
      ) : (
        <div aria-live="polite" className="flex flex-col items-center gap-1 text-fg">
          <span className="flex items-center gap-2">
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
            {t('verification.docs.phone.waiting')}
          </span>
          {received > 0 ? <span className="text-muted">{t('verification.docs.phone.received', { count: received })}</span> : null}
        </div>
      )}
      {canCopy ? (
        <div className="flex w-full flex-col items-center gap-1">
          <GradientButton variant="white" fullWidth onClick={copy}>
            {t('verification.docs.phone.copy')}
          </GradientButton>
          <span role="status" className="min-h-5 text-muted">
            {copied ? t('verification.docs.phone.copied') : ''}
          </span>
        </div>
      ) : null}
    </div>
  );
}

export default PhoneUploadDialog;

import { ErrorCode, type UploadHandoffState } from '@causeway/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { HttpClient } from '@/lib/http-client';
import { apiErrorName, isApiError, isError, isOffline, type Translate } from '@/lib/http-errors';
import { createSessionFreeHttpClient } from '@/lib/session-free-http-client';
import { signAndUpload } from '@/lib/upload-document';
import { useApiMutation } from '@/lib/use-api-mutation';
import { CheckCircleIcon, ErrorView, FileUpload, GradientButton, Spinner, type UploadedFile } from '@/ui';
import { createTicketApi } from '../api/upload-handoff-api';
import { uploadRefusalText } from '../upload-errors';

/** The ticket of `#ticket=…`: a fragment, so the browser never sends it to a server or a Referer. */
export function ticketFrom(hash: string): string | undefined {
  const ticket = new URLSearchParams(hash.replace(/^#/, '')).get('ticket');
  return ticket?.trim() ? ticket : undefined;
}

/**
 * The state call refusing the ticket: expired or unknown (UploadLinkInvalid), or malformed (MalformedRequest:
 * the body's validation; the page does not repeat the contract's length rule).
 */
const isRefusedTicket = (error: unknown) => isError(error, ErrorCode.UploadLinkInvalid, ErrorCode.MalformedRequest);
/**
 * file-upload#ticket=…: the phone's side of "continue on your phone". No sign-in: the ticket in
 * the fragment is the only credential, sent in the body of each call by a session-free client (a
 * stale session in this browser is neither sent nor refreshed, and no failure leads to a login
 * page). Each finished upload is reported with complete; the computer polls what arrived.
 */
export function FileUploadPage() {
  const { hash } = useLocation();
  const ticket = ticketFrom(hash);
  const [client] = useState(() => createSessionFreeHttpClient());
  useEffect(() => () => client.dispose(), [client]);
  if (!ticket) return <ExpiredView />;
  // Keyed by the ticket: a new link opened in this tab starts afresh.
  return <TicketUpload key={ticket} client={client} ticket={ticket} />;
}

function ExpiredView() {
  const { t } = useTranslation();
  return <ErrorView title={t('verification.fileUpload.expired.title')} content={t('verification.fileUpload.expired.content')} />;
}

function TicketUpload({ client, ticket }: { client: HttpClient; ticket: string }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const api = useMemo(() => createTicketApi(client, ticket), [client, ticket]);
  // Kept in memory only (the query cache); the key never leaves this page.
  const key = useMemo(() => ['upload-handoff-state', ticket], [ticket]);
  const state = useQuery({ queryKey: key, queryFn: ({ signal }) => api.state(signal), retry: false, staleTime: Infinity, gcTime: 0 });
  const [pending, setPending] = useState<UploadedFile[]>([]);
  const [linkDead, setLinkDead] = useState(false);
  const [finished, setFinished] = useState(false);

  /** The state only grows: of two answers arriving out of order, the one with more files wins. */
  const keepNewest = (next: UploadHandoffState) =>
    queries.setQueryData<UploadHandoffState>(key, (current) => (!current || next.files.length >= current.files.length ? next : current));

  // One mutation for every file the widget hands over (it shows each file's progress and failure itself).
  const fileUpload = useApiMutation({
    mutationFn: async (file: File) => {
      const filePath = await signAndUpload(file, api.signUpload);
      keepNewest(await api.complete(filePath, file.name));
      return filePath;
    },
    onError: (error) => {
      // The phone handoff's own refusals: the link is invalid or expired, or took every file it accepts.
      if (isError(error, ErrorCode.UploadLinkInvalid)) setLinkDead(true);
      if (isError(error, ErrorCode.UploadLinkFull)) void state.refetch();
    },
  });
  const upload = (file: File): Promise<string> =>
    fileUpload.mutateAsync(file).catch((error: unknown) => {
      // The widget shows "Upload failed" and this message under it; empty adds nothing.
      throw new Error(uploadErrorText(error, t));
    });

  if (linkDead || (state.isError && isRefusedTicket(state.error)) || state.data?.expired) return <ExpiredView />;
  if (state.isError) {
    return (
      <ErrorView content={isOffline(state.error) ? t('verification.fileUpload.offline') : undefined} onRetry={() => void state.refetch()} />
    );
  }
  if (!state.data) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner size="lg" label={t('verification.fileUpload.loading')} />
      </div>
    );
  }

  const { files: sent, maxFiles } = state.data;
  const remaining = Math.max(0, maxFiles - sent.length);
  const uploading = pending.some((file) => file.status === 'uploading');
  if (!uploading && (remaining === 0 || finished)) {
    return <DoneView onMore={remaining > 0 ? () => setFinished(false) : undefined} />;
  }

  return (
    <section aria-labelledby="file-upload-title" className="mx-auto flex w-full max-w-[480px] flex-col gap-5 px-4 py-6">
      <div className="flex flex-col gap-2">
        <h1 id="file-upload-title" className="text-2xl font-semibold text-fg">
          {t('verification.fileUpload.title')}
        </h1>
        <p className="text-sm text-muted">{t('verification.fileUpload.intro')}</p>
      </div>
      <FileUpload
        label={t('verification.fileUpload.label')}
        files={pending}
        // A finished file leaves the widget for the list below, so the widget's count is what is still on its way.
        onChange={(next) => setPending(next.filter((file) => file.status !== 'done'))}
        upload={upload}
        maxFiles={remaining}
      />
      <p className="text-sm text-muted">{t('verification.fileUpload.remaining', { count: Math.max(0, remaining - pending.length) })}</p>
      {sent.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h2 id="file-upload-sent" className="text-sm font-medium text-fg">
            {t('verification.fileUpload.sentTitle')}
          </h2>
          <ul aria-labelledby="file-upload-sent" className="flex flex-col gap-2">
            {sent.map((file) => (
              <li key={file.filePath} className="flex min-w-0 items-center gap-2 rounded-xl border border-line bg-surface-2 px-3 py-2">
                <CheckCircleIcon className="shrink-0 text-success" />
                <span title={file.fileName} className="truncate text-sm text-fg">
                  {file.fileName}
                </span>
              </li>
            ))}
          </ul>
          <GradientButton fullWidth variant={uploading ? 'inactive' : 'primary'} onClick={() => setFinished(true)}>
            {t('verification.fileUpload.finish')}
          </GradientButton>
        </div>
      ) : null}
    </section>
  );
}

function DoneView({ onMore }: { onMore: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="file-upload-done" className="mx-auto flex w-full max-w-md flex-col items-center gap-3 px-4 py-10 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-surface-2 text-success">
        <CheckCircleIcon />
      </span>
      <h1 id="file-upload-done" className="text-xl font-semibold text-fg">
        {t('verification.fileUpload.done.title')}
      </h1>
      <p className="text-sm text-muted">{t('verification.fileUpload.done.content')}</p>
      {onMore ? (
        <GradientButton variant="secondary" fullWidth className="mt-3" onClick={onMore}>
          {t('verification.fileUpload.done.more')}
        </GradientButton>
      ) : null}
    </section>
  );
}

/** An upload failure in the page language where we know it; the server's own message otherwise. */
function uploadErrorText(error: unknown, t: Translate): string {
  const refusal = uploadRefusalText(error, t);
  if (refusal) return refusal;
  switch (apiErrorName(error)) {
    case ErrorCode.UploadLinkFull:
      return t('verification.fileUpload.full');
    case ErrorCode.UploadLinkInvalid:
      return t('verification.fileUpload.expired.title');
  }
  if (isOffline(error)) return t('verification.fileUpload.offline');
  return isApiError(error) && error.kind === 'business' ? error.msg : '';
}

export default FileUploadPage;

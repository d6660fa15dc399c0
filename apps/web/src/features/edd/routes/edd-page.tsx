import { EDD_PARTS, type EddDetail, type EddOptions, type EddPart, type EddSofCommit, type EddSowCommit } from '@causeway/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ACCOUNT_INFO_KEY } from '@/lib/account-info';
import { formatDateTime } from '@/lib/date-format';
import { ErrorView, Spinner } from '@/ui';
import { EddAnswerSummary } from '../components/edd-answer-summary';
import { EddPartForm, type EddPartCommit } from '../components/edd-part-form';
import { EDD_KEYS, useEddApi } from '../edd-api';
import { useTranslation } from '../texts';

const card = 'flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6';

/**
 * edd (docs/rules/edd.md, the page of enhanced due diligence): what is asked of the person, by when, the reviewer's
 * request for more (RFI), and a form per part still asked (source of wealth, source of funds); once answered, where
 * the review stands. account-status leads here.
 */
export default function EddPage() {
  const { t, i18n } = useTranslation();
  const { lng = 'en' } = useParams();
  const language = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const api = useEddApi();
  const queries = useQueryClient();
  const detail = useQuery({ queryKey: EDD_KEYS.detail, queryFn: api.detail });
  const asking = detail.data?.eddStatus === 'Initial' || detail.data?.eddStatus === 'RFI';
  const options = useQuery({
    queryKey: EDD_KEYS.options(language),
    queryFn: () => api.options(language),
    enabled: Boolean(detail.data),
    staleTime: Infinity,
  });

  const commit = async (part: EddPart, answer: EddPartCommit) => {
    // The choice is one of the part's options (the form offers no other): the server checks it again.
    const next = part === 'SOW' ? await api.commitSow(answer as EddSowCommit) : await api.commitSof(answer as EddSofCommit);
    queries.setQueryData(EDD_KEYS.detail, next);
    // The account info says where EDD stands (account-status reads it).
    void queries.invalidateQueries({ queryKey: ACCOUNT_INFO_KEY });
  };

  const back = (
    <Link to={`/${lng}/account-status`} className="font-medium text-primary underline-offset-4 hover:underline">
      {t('edd.back')}
    </Link>
  );

  return (
    <section aria-labelledby="edd-title" className="mx-auto flex w-full max-w-xl flex-col gap-5 py-6">
      <h1 id="edd-title" className="text-2xl font-semibold text-fg">
        {t('edd.title')}
      </h1>
      {detail.isError || options.isError ? (
        <ErrorView
          headingLevel={2}
          title={t('edd.loadFailed')}
          onRetry={() => void (detail.isError ? detail.refetch() : options.refetch())}
        />
      ) : !detail.data || !options.data ? (
        <div className="flex min-h-[30vh] items-center justify-center">
          <Spinner size="lg" label={t('edd.loading')} />
        </div>
      ) : asking ? (
        <Asked detail={detail.data} options={options.data} lng={lng} upload={api.upload} commit={commit} />
      ) : (
        <Outcome detail={detail.data} options={options.data} back={back} />
      )}
    </section>
  );
}

interface AskedProps {
  detail: EddDetail;
  options: EddOptions;
  lng: string;
  upload: (file: File) => Promise<string>;
  commit: (part: EddPart, answer: EddPartCommit) => Promise<void>;
}

/** Initial or RFI: the deadline, the reviewer's message, and each part: its form while asked, else what was answered. */
function Asked({ detail, options, lng, upload, commit }: AskedProps) {
  const { t } = useTranslation();
  const partName = (part: EddPart) => t(`edd.part.${part}.title`);
  return (
    <>
      <p className="text-sm text-fg">{t('edd.intro')}</p>
      {detail.deadline ? (
        <p className="rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm font-medium text-fg">
          {t('edd.deadline', { date: formatDateTime(detail.deadline, lng) })}
        </p>
      ) : null}
      {detail.eddStatus === 'RFI' ? (
        <div role="note" aria-labelledby="edd-rfi-title" className="flex flex-col gap-2 rounded-2xl border border-primary bg-surface p-4">
          <h2 id="edd-rfi-title" className="text-base font-semibold text-fg">
            {t('edd.rfi.title')}
          </h2>
          {detail.rfiMessage ? <p className="text-sm break-words whitespace-pre-line text-fg">{detail.rfiMessage}</p> : null}
          <p className="text-sm text-muted">{t('edd.rfi.parts', { parts: detail.askedParts.map(partName).join(', ') })}</p>
        </div>
      ) : null}
      {EDD_PARTS.map((part) => {
        const answer = part === 'SOW' ? detail.sow : detail.sof;
        const asked = detail.askedParts.includes(part);
        const titleId = `edd-${part.toLowerCase()}-title`;
        return (
          <section key={part} aria-labelledby={titleId} className={card}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={titleId} className="text-lg font-semibold text-fg">
                {partName(part)}
              </h2>
              {!asked && answer ? <span className="text-sm font-medium text-success">{t('edd.answered')}</span> : null}
            </div>
            {asked ? (
              <>
                <p className="text-sm text-muted">{t(`edd.part.${part}.intro`)}</p>
                <EddPartForm
                  part={part}
                  options={part === 'SOW' ? options.sow : options.sof}
                  example={options.bankStatementExample}
                  upload={upload}
                  onSubmit={(body) => commit(part, body)}
                />
              </>
            ) : answer ? (
              <EddAnswerSummary answer={answer} options={part === 'SOW' ? options.sow : options.sof} />
            ) : null}
          </section>
        );
      })}
    </>
  );
}

/** No EDD asked, under review, passed or failed: where it stands, and what was answered. */
function Outcome({ detail, options, back }: { detail: EddDetail; options: EddOptions; back: ReactNode }) {
  const { t } = useTranslation();
  const state = detail.eddStatus ?? 'none';
  return (
    <>
      <div role="status" className={card}>
        <h2 className="text-lg font-semibold text-fg">{t(`edd.status.${state}.title`)}</h2>
        <p className="text-sm text-fg">{t(`edd.status.${state}.content`)}</p>
        {back}
      </div>
      {detail.eddStatus === 'Pending'
        ? EDD_PARTS.map((part) => {
            const answer = part === 'SOW' ? detail.sow : detail.sof;
            return answer ? (
              <section key={part} aria-label={t(`edd.part.${part}.title`)} className={card}>
                <h2 className="text-lg font-semibold text-fg">{t(`edd.part.${part}.title`)}</h2>
                <EddAnswerSummary answer={answer} options={part === 'SOW' ? options.sow : options.sof} />
              </section>
            ) : null;
          })
        : null}
    </>
  );
}

import { ErrorCode, type RiskNextStep } from '@causeway/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect, useMemo, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ACCOUNT_INFO_KEY } from '@/lib/account-info';
import { formatDateTime } from '@/lib/date-format';
import { blockedPage } from '@/lib/gating';
import { useHttpClient } from '@/lib/http-context';
import { errorText, isApiError, isError } from '@/lib/http-errors';
import { createRiskApi, RISK_CHECK_QUERY_KEY } from '@/lib/risk-api';
import { tradeTargetOf } from '@/lib/trade-routing';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ErrorView, Spinner } from '@/ui';
import { createAppropriatenessApi, type RiskStep } from '../api/appropriateness-api';
import { QuestionsStep } from '../components/questions-step';
import type { StepProps } from '../components/step-parts';
import {
  ConcernStep,
  CoolingOffStep,
  DeclarationStep,
  IntroStep,
  PassedStep,
  RetakeStep,
  SignStep,
  UnavailableStep,
} from '../components/test-steps';
import { WarningStep } from '../components/warning-step';
import { useTranslation } from '../texts';

/** Each step of the test: its page's heading and body (docs/rules/appropriateness.md). */
const TEST_STEPS: Partial<Record<RiskNextStep, { title: string; Body: ComponentType<StepProps> }>> = {
  RISK_WARING_OK: { title: 'risk.test.intro.title', Body: IntroStep },
  AGREEMENT: { title: 'risk.test.declaration.title', Body: DeclarationStep },
  QUESTIONS: { title: 'risk.test.questions.title', Body: QuestionsStep },
  ANSWER_WAIT: { title: 'risk.test.concern.title', Body: ConcernStep },
  IN_SILENT: { title: 'risk.test.coolingOff.title', Body: CoolingOffStep },
  AFTER_SILENT: { title: 'risk.test.retake.title', Body: RetakeStep },
  CONFIRMATION: { title: 'risk.test.passed.title', Body: PassedStep },
  CONFIRMATION_SIGN: { title: 'risk.test.sign.title', Body: SignStep },
};
/** setTimeout's longest wait (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The steps that leave this page: OK to the trade page, the test's ends to the block notice. */
const LEAVES: ReadonlySet<RiskNextStep> = new Set(['OK', 'TERMINATED', 'ANSWER_FAIL']);

/**
 * risk-reminder (docs/rules/order-states.md trade routing, docs/rules/appropriateness.md): the crypto risk warning,
 * agreed once per version, then an individual's appropriateness test, step by step as the risk check answers. Every
 * move's answer is the next step; OK goes on to the trade page named by `next`, with the deep link's query it carries
 * (only a trade page: the query is anyone's to write); ending the test goes to the block notice.
 */
export function RiskReminderPage() {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useHttpClient();
  const queries = useQueryClient();
  const risk = useMemo(() => createRiskApi(client), [client]);
  const api = useMemo(() => createAppropriatenessApi(client), [client]);
  const next = tradeTargetOf(params.get('next'));
  const check = useQuery({ queryKey: RISK_CHECK_QUERY_KEY, queryFn: () => risk.check() });
  const step = check.data?.riskSurveyCheckNextStep;

  // Every move answers the next step: it replaces the check's (the trade page reads it too).
  const move = useApiMutation({
    mutationFn: (act: () => Promise<RiskStep>) => act(),
    onSuccess: (answer) => queries.setQueryData(RISK_CHECK_QUERY_KEY, answer),
    // The test moved on elsewhere (another tab): show where it is now.
    onError: (error) => {
      if (isError(error, ErrorCode.RiskStepOutOfOrder)) void check.refetch();
    },
  });

  useEffect(() => {
    if (!check.data || !step || !LEAVES.has(step)) return;
    if (step === 'OK') {
      void navigate(`/${lng}/${next}`, { replace: true });
      return;
    }
    void queries.invalidateQueries({ queryKey: ACCOUNT_INFO_KEY });
    void navigate(`/${lng}/${blockedPage(check.data.assessment?.blockReason)}`, { replace: true });
  }, [check.data, step, lng, next, navigate, queries]);

  // A cooling-off that ends while the page is open: ask again once it has ended (the step becomes AFTER_SILENT).
  const silentUntil = check.data?.assessment?.silentUntil;
  useEffect(() => {
    if (step !== 'IN_SILENT' || !silentUntil) return;
    const wait = Date.parse(silentUntil) - Date.now();
    if (!(wait > 0) || wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => void check.refetch(), wait + 1000);
    return () => clearTimeout(timer);
  }, [step, silentUntil, check]);

  // A new step is announced: focus moves to its heading (not on the first one, which the page opens with).
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current && step && shown.current !== step) heading.current?.focus();
    shown.current = step;
  }, [step]);

  if (check.error && !check.data) return <ErrorView content={errorText(check.error, t)} onRetry={() => void check.refetch()} />;
  if (!check.data || !step || LEAVES.has(step)) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" label={t('risk.test.loading')} />
      </div>
    );
  }

  const testStep = TEST_STEPS[step];
  const title = step === 'RISK_WARNING' ? 'risk.title' : (testStep?.title ?? 'risk.test.unavailable.title');
  const props: StepProps | null = check.data.assessment
    ? { assessment: check.data.assessment, api, pending: move.isPending, move: (act) => move.mutate(act) }
    : null;
  return (
    <section className="mx-auto w-full max-w-[520px] py-8" aria-labelledby="risk-title">
      <h1 id="risk-title" ref={heading} tabIndex={-1} className="text-2xl font-semibold text-fg outline-none">
        {t(title)}
      </h1>
      {step === 'RISK_WARNING' ? (
        <WarningStep agree={(viewTime) => move.mutate(() => risk.agree(viewTime))} pending={move.isPending} />
      ) : testStep && props ? (
        <testStep.Body key={step} {...props} />
      ) : (
        <UnavailableStep />
      )}
      {move.error ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {moveErrorText(move.error, t, lng)}
        </p>
      ) : null}
    </section>
  );
}

/** Why a move was refused, in the page's words (the HTTP client shows nothing for these calls). */
function moveErrorText(error: unknown, t: ReturnType<typeof useTranslation>['t'], lng: string): string {
  if (isError(error, ErrorCode.RiskStepOutOfOrder)) return t('risk.test.errors.moved');
  if (isError(error, ErrorCode.AppropriatenessUnavailable)) return t('risk.test.errors.unavailable');
  if (isError(error, ErrorCode.AppropriatenessCoolingOff) && isApiError(error)) {
    const until = (error.data as { silentUntil?: string } | undefined)?.silentUntil;
    return t('risk.test.errors.coolingOff', { time: formatDateTime(until, lng) });
  }
  return errorText(error, t);
}

export default RiskReminderPage;

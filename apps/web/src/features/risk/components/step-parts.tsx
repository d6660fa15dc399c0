import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AppropriatenessStage } from '@causeway/contracts';
import { pageHref } from '@/lib/portal-links';
import { ConfirmDialog } from '@/ui';
import { useTranslation } from '../texts';
import type { AppropriatenessApi, Assessment, RiskStep } from '../api/appropriateness-api';

/** What every step of the risk flow is given by the page: its test, and the one way to make a move. */
export interface StepProps {
  assessment: Assessment;
  api: AppropriatenessApi;
  /** Sends a move; its answer becomes the page's step (risk-reminder-page). */
  move: (act: () => Promise<RiskStep>) => void;
  pending: boolean;
}

/** How long the step has been on screen, for the record an agreement keeps (ms; set after the first render). */
export function useViewTime(): () => number {
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = Date.now();
  }, []);
  return () => Date.now() - shownAt.current;
}

/** A ticked box that must be ticked before its button does anything. */
export function AgreeBox({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className="mt-5 flex items-start gap-3 text-sm text-fg">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-[var(--cw-primary)]"
      />
      <span>{children}</span>
    </label>
  );
}

/** The step's main button, and under it a link back to the dashboard and, when asked, the way to end the journey. */
export function StepActions({
  children,
  stage,
  props,
  home = true,
}: {
  children?: ReactNode;
  stage?: AppropriatenessStage;
  props?: StepProps;
  home?: boolean;
}) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  return (
    <div className="mt-6 flex flex-col gap-3">
      {children}
      {home ? (
        <Link to={pageHref(lng, 'dashboard')} className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('risk.test.home')}
        </Link>
      ) : null}
      {stage && props ? <EndJourney stage={stage} props={props} /> : null}
    </div>
  );
}

/** "End my application": asked once more in a dialog, since it closes the account (AC100005, or AC100006 after an answer). */
function EndJourney({ stage, props }: { stage: AppropriatenessStage; props: StepProps }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="self-center text-sm font-medium text-muted underline underline-offset-4 hover:text-fg"
      >
        {t('risk.test.end.button')}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('risk.test.end.dialogTitle')}
        description={t('risk.test.end.dialogBody')}
        confirmLabel={t('risk.test.end.confirm')}
        cancelLabel={t('risk.test.end.cancel')}
        onConfirm={() => {
          setOpen(false);
          props.move(() => props.api.terminate(stage));
        }}
      />
    </>
  );
}

/** The score of the latest answered attempt, in words. */
export function ScoreLine({ assessment }: { assessment: Assessment }) {
  const { t } = useTranslation();
  const result = assessment.result;
  if (!result) return null;
  return (
    <p className="mt-3 text-sm font-medium text-fg">
      {t('risk.test.score', { score: result.score, maxScore: result.maxScore, passMark: result.passMark })}
    </p>
  );
}

import { useState } from 'react';
import { useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { GradientButton } from '@/ui';
import { useTranslation } from '../texts';
import { AgreeBox, ScoreLine, StepActions, type StepProps, useViewTime } from './step-parts';

const Body = ({ children }: { children: string }) => <p className="mt-3 text-sm text-muted">{children}</p>;

/** RISK_WARING_OK: the warning is agreed; what the test is, before it starts. */
export function IntroStep(props: StepProps) {
  const { t } = useTranslation();
  const { assessment: a } = props;
  return (
    <>
      <Body>{t('risk.test.intro.body')}</Body>
      <ul className="mt-4 flex list-disc flex-col gap-2 rounded-2xl border border-line bg-surface p-4 ps-8 text-sm text-fg">
        <li>{t('risk.test.intro.how', { count: a.questionCount, passMark: a.passMark, maxScore: a.maxScore })}</li>
        <li>{t('risk.test.intro.retry', { failuresAllowed: a.failuresAllowed })}</li>
      </ul>
      <StepActions stage="RISK_WARING_OK" props={props}>
        <GradientButton
          fullWidth
          showContinueArrow
          loading={props.pending}
          onClick={() => props.move(() => props.api.continueFrom('RISK_WARING_OK'))}
        >
          {t('risk.test.intro.start')}
        </GradientButton>
      </StepActions>
    </>
  );
}

/** AGREEMENT (and CONFIRMATION_SIGN): a declaration to tick, then signed with the test's version. */
function SignedStep({
  props,
  stage,
  box,
  action,
}: {
  props: StepProps;
  stage: 'AGREEMENT' | 'CONFIRMATION_SIGN';
  box: string;
  action: string;
}) {
  const [ticked, setTicked] = useState(false);
  const viewTime = useViewTime();
  const version = props.assessment.testVersion ?? '';
  return (
    <>
      <AgreeBox checked={ticked} onChange={setTicked}>
        {box}
      </AgreeBox>
      <StepActions stage={stage} props={props}>
        <GradientButton
          fullWidth
          showContinueArrow
          variant={ticked ? 'primary' : 'inactive'}
          loading={props.pending}
          onClick={() => props.move(() => props.api.sign(stage, version, viewTime()))}
        >
          {action}
        </GradientButton>
      </StepActions>
    </>
  );
}

export function DeclarationStep(props: StepProps) {
  const { t } = useTranslation();
  return <SignedStep props={props} stage="AGREEMENT" box={t('risk.test.declaration.box')} action={t('risk.test.declaration.agree')} />;
}

export function SignStep(props: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <ScoreLine assessment={props.assessment} />
      <SignedStep props={props} stage="CONFIRMATION_SIGN" box={t('risk.test.sign.box')} action={t('risk.test.sign.sign')} />
    </>
  );
}

/** CONFIRMATION: passed; the result, read before signing. */
export function PassedStep(props: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <ScoreLine assessment={props.assessment} />
      <Body>{t('risk.test.passed.body')}</Body>
      <StepActions stage="CONFIRMATION" props={props}>
        <GradientButton
          fullWidth
          showContinueArrow
          loading={props.pending}
          onClick={() => props.move(() => props.api.continueFrom('CONFIRMATION'))}
        />
      </StepActions>
    </>
  );
}

/** ANSWER_WAIT: passed, but an answer says a loss could not be borne; the person goes on knowingly, or ends it (AC100006). */
export function ConcernStep(props: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <ScoreLine assessment={props.assessment} />
      <p className="mt-3 rounded-2xl border border-line bg-surface p-4 text-sm text-fg">{t('risk.test.concern.body')}</p>
      <StepActions stage="ANSWER_WAIT" props={props}>
        <GradientButton fullWidth loading={props.pending} onClick={() => props.move(() => props.api.continueFrom('ANSWER_WAIT'))}>
          {t('risk.test.concern.continue')}
        </GradientButton>
      </StepActions>
    </>
  );
}

const attemptsLeft = (props: StepProps) => Math.max(0, props.assessment.failuresAllowed - props.assessment.failures);

/** IN_SILENT: failed; the time the 24-hour wait ends. */
export function CoolingOffStep(props: StepProps) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  return (
    <>
      <ScoreLine assessment={props.assessment} />
      <p className="mt-3 text-sm font-medium text-fg">
        {t('risk.test.coolingOff.until', { time: formatDateTime(props.assessment.silentUntil, lng) })}
      </p>
      <Body>{t('risk.test.coolingOff.attemptsLeft', { count: attemptsLeft(props) })}</Body>
      <Body>{t('risk.test.coolingOff.meanwhile')}</Body>
      <StepActions stage="IN_SILENT" props={props} />
    </>
  );
}

/** AFTER_SILENT: the wait is over; the test may be taken again. */
export function RetakeStep(props: StepProps) {
  const { t } = useTranslation();
  return (
    <>
      <Body>{t('risk.test.retake.body')}</Body>
      <Body>{t('risk.test.retake.attemptsLeft', { count: attemptsLeft(props) })}</Body>
      <StepActions stage="AFTER_SILENT" props={props}>
        <GradientButton
          fullWidth
          showContinueArrow
          loading={props.pending}
          onClick={() => props.move(() => props.api.continueFrom('AFTER_SILENT'))}
        >
          {t('risk.test.retake.start')}
        </GradientButton>
      </StepActions>
    </>
  );
}

/** UNAVAILABLE: no test can be taken now. */
export function UnavailableStep() {
  const { t } = useTranslation();
  return (
    <>
      <Body>{t('risk.test.unavailable.body')}</Body>
      <StepActions />
    </>
  );
}

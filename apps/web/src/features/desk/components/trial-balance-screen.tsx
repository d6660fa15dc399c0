import { useId } from 'react';
import { useTrialBalance } from '../api/desk-api';
import { useTranslation } from '../texts';
import { cardClass, codeClass, itemClass, titleClass } from './desk-classes';
import { Field, QueryBody, ScreenHeader } from './screen-parts';

/**
 * The ledger's trial balance (docs/rules/operator-desk.md "Screens"): each currency's debits against its
 * credits, then every account on its side. Lists rather than tables, so a 360 px screen shows every figure
 * without scrolling sideways.
 */
export function TrialBalanceScreen() {
  const { t } = useTranslation();
  const balance = useTrialBalance();
  const headingId = useId();
  const currenciesId = useId();
  const accountsId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <ScreenHeader id={headingId} title={t('desk.trialBalance.title')} intro={t('desk.trialBalance.intro')} />
      <QueryBody query={balance}>
        {(answer) => (
          <>
            <p
              role="status"
              className={`rounded-xl border p-3 text-sm ${answer.balanced ? 'border-line bg-surface-2 text-fg' : 'border-danger text-danger'}`}
            >
              {answer.balanced ? t('desk.trialBalance.balanced') : t('desk.trialBalance.unbalanced')}
            </p>
            <section aria-labelledby={currenciesId} className={cardClass}>
              <h2 id={currenciesId} className={titleClass}>
                {t('desk.trialBalance.currencies')}
              </h2>
              {answer.currencies.length === 0 ? (
                <p className="text-sm text-muted">{t('desk.trialBalance.none')}</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {answer.currencies.map((currency) => (
                    <li key={currency.currency} className={itemClass}>
                      <p className="text-sm font-semibold text-fg">
                        {currency.currency}
                        {' · '}
                        <span className={currency.balanced ? undefined : 'text-danger'}>
                          {currency.balanced ? t('desk.trialBalance.ok') : t('desk.trialBalance.off')}
                        </span>
                      </p>
                      <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
                        <Field label={t('desk.trialBalance.debits')} code>
                          {currency.debits}
                        </Field>
                        <Field label={t('desk.trialBalance.credits')} code>
                          {currency.credits}
                        </Field>
                      </dl>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {answer.lines.length > 0 ? (
              <section aria-labelledby={accountsId} className={cardClass}>
                <h2 id={accountsId} className={titleClass}>
                  {t('desk.trialBalance.accountsTitle')}
                </h2>
                <ul className="flex flex-col gap-2">
                  {answer.lines.map((line) => {
                    const debit = line.debit !== '0';
                    return (
                      <li key={`${line.account}:${line.currency}`} className={itemClass}>
                        <p className={codeClass}>
                          <span className="sr-only">{t('desk.trialBalance.account')}: </span>
                          {line.account}
                        </p>
                        <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
                          <Field label={debit ? t('desk.trialBalance.debit') : t('desk.trialBalance.credit')} code>
                            {`${debit ? line.debit : line.credit} ${line.currency}`}
                          </Field>
                          {line.accounts > 1 ? <Field label={t('desk.trialBalance.accounts')}>{String(line.accounts)}</Field> : null}
                        </dl>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </QueryBody>
    </section>
  );
}

export default TrialBalanceScreen;

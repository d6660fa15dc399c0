import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '@/lib/date-format';
import { type DeskPerson, usePerson } from '../api/desk-api';
import { useTranslation } from '../texts';
import { cardClass, itemClass, linkClass, titleClass } from './desk-classes';
import { Field, QueryBody, ScreenHeader } from './screen-parts';
import { StartMigration } from './start-migration';

/**
 * One account (docs/rules/operator-desk.md "Screens"): the account and its blocks, its verification (KYC,
 * or KYB for a business), its orders, and the merchants that linked it. The server writes the look to the
 * audit log. An operator who may start journeys can start the person's migration to the other entity here.
 */
export function PersonDetail({ userId, back, mayStartJourneys }: { userId: string; back: string; mayStartJourneys: boolean }) {
  const { t } = useTranslation();
  const person = usePerson(userId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <Link to={back} className={linkClass}>
        {t('desk.person.back')}
      </Link>
      <QueryBody query={person}>
        {(answer) => (
          <>
            <ScreenHeader id={headingId} title={answer.person.email} intro={t('desk.person.viewed')} />
            <Account answer={answer} />
            <Verification answer={answer} />
            <Orders answer={answer} />
            <MerchantLinks answer={answer} />
            {/* A migration moves an individual's verified account; the form is shown where the operator may start one. */}
            {mayStartJourneys && answer.person.userType === 'Individual' && answer.verification ? (
              <StartMigration userId={answer.person.userId} currentEntity={answer.person.entityTag} />
            ) : null}
          </>
        )}
      </QueryBody>
    </section>
  );
}

function Account({ answer: { person } }: { answer: DeskPerson }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className={titleClass}>
        {t('desk.person.account')}
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
        <Field label={t('desk.person.id')} code>
          {person.userId}
        </Field>
        <Field label={t('desk.person.type')}>{t(`desk.userTypes.${person.userType}`, { defaultValue: person.userType })}</Field>
        <Field label={t('desk.person.status')}>
          {t(`desk.accountStatuses.${person.accountStatus}`, { defaultValue: person.accountStatus })}
        </Field>
        {person.accountStatusReasonCode ? (
          <Field label={t('desk.person.reason')} code>
            {person.accountStatusReasonCode}
          </Field>
        ) : null}
        <Field label={t('desk.person.entity')}>{person.entityTag}</Field>
        {person.targetEntityTag ? <Field label={t('desk.person.targetEntity')}>{person.targetEntityTag}</Field> : null}
        {person.sensitiveActionsSuspendedUntil ? (
          <Field label={t('desk.person.suspendedUntil')}>{formatDateTime(person.sensitiveActionsSuspendedUntil, lng)}</Field>
        ) : null}
        <Field label={t('desk.person.created')}>{formatDateTime(person.createdAt, lng)}</Field>
      </dl>
    </section>
  );
}

function Verification({ answer: { verification } }: { answer: DeskPerson }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className={titleClass}>
        {t('desk.person.verification')}
      </h2>
      {verification ? (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
          <Field label={t('desk.person.verificationKind')}>{verification.kind}</Field>
          <Field label={t('desk.person.verificationStatus')}>{verification.status}</Field>
          <Field label={t('desk.person.level')}>{String(verification.level)}</Field>
          {verification.country ? <Field label={t('desk.person.country')}>{verification.country}</Field> : null}
        </dl>
      ) : (
        <p className="text-sm text-muted">{t('desk.person.verificationNone')}</p>
      )}
    </section>
  );
}

function Orders({ answer: { orders } }: { answer: DeskPerson }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const id = useId();
  const statuses = Object.entries(orders.byStatus);
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className={titleClass}>
        {t('desk.person.orders')}
      </h2>
      {statuses.length === 0 ? (
        <p className="text-sm text-muted">{t('desk.person.ordersNone')}</p>
      ) : (
        <>
          <h3 className="text-sm font-semibold text-fg">{t('desk.person.byStatus')}</h3>
          <ul className="flex flex-wrap gap-2">
            {statuses.map(([status, count]) => (
              <li key={status} className="rounded-full border border-line bg-surface-2 px-3 py-1 text-sm text-fg">
                {`${status}: ${count}`}
              </li>
            ))}
          </ul>
          <h3 className="text-sm font-semibold text-fg">{t('desk.person.recent')}</h3>
          <ul className="flex flex-col gap-2">
            {orders.recent.map((order) => (
              <li key={order.orderId} className={itemClass}>
                <p className="font-mono text-sm break-all text-fg">
                  <span className="sr-only">{t('desk.person.order')}: </span>
                  {order.orderId}
                </p>
                <p className="text-sm text-fg">
                  {t('desk.person.orderSummary', {
                    type: order.transactionType,
                    status: order.status,
                    fiat: `${order.fiatAmount} ${order.fiatCurrency}`,
                    crypto: `${order.cryptoAmount} ${order.cryptoCurrency}`,
                  })}
                </p>
                <p className="text-xs text-muted">{formatDateTime(order.createdAt, lng)}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function MerchantLinks({ answer: { merchantLinks } }: { answer: DeskPerson }) {
  const { t } = useTranslation();
  const { lng = 'en' } = useParams();
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className={titleClass}>
        {t('desk.person.merchants')}
      </h2>
      {merchantLinks.length === 0 ? (
        <p className="text-sm text-muted">{t('desk.person.merchantsNone')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {merchantLinks.map((link) => (
            <li key={`${link.merchantId}:${link.merchantUserId}`} className="text-sm break-words text-fg">
              {t('desk.person.merchantLink', {
                merchant: link.merchantName,
                customer: link.merchantUserId,
                at: formatDateTime(link.verifiedAt, lng),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

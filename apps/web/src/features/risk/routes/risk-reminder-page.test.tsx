import { PATHS, RISK_WARNING_VERSION } from '@causeway/contracts';
import { bundledTranslations } from '@causeway/translations';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { ApiError } from '@/lib/http-errors';
import { businessError, type Responder, routedHttpClient } from '@/test/routed-http-client';
import { riskStep } from '../risk-test-kit';
import { RiskReminderPage } from './risk-reminder-page';

const OK = riskStep('OK');

function open(url: string, routes: Record<string, Responder> = {}, check: Responder = () => riskStep('RISK_WARNING')) {
  const fake = routedHttpClient({ [PATHS.riskSurveyCheck]: check, [PATHS.riskSurveyAgreement]: () => OK, ...routes });
  const view = renderPage(<RiskReminderPage />, { path: '/:lng/risk-reminder', url, client: fake.client });
  return { ...fake, ...view, user: userEvent.setup() };
}

describe('risk-reminder: the warning', () => {
  it('needs the box ticked, records the agreement, then goes on to the trade page it was sent from', async () => {
    const { user, bodiesOf } = open('/en/risk-reminder?next=buy-crypto');
    expect(await screen.findByRole('heading', { name: 'Before you buy crypto' })).toBeInTheDocument();
    const proceed = screen.getByRole('button', { name: /Continue/ });
    await user.click(proceed);
    expect(bodiesOf(PATHS.riskSurveyAgreement)).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'I have read this and understand the risks of buying crypto.' }));
    await user.click(proceed);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/buy-crypto');
    expect(bodiesOf(PATHS.riskSurveyAgreement)).toEqual([expect.objectContaining({ agree: true, version: RISK_WARNING_VERSION })]);
  });

  it("adds no side padding inside the main layout's own", async () => {
    open('/en/risk-reminder?next=buy-crypto');
    expect((await screen.findByRole('heading', { name: 'Before you buy crypto' })).closest('section')).not.toHaveClass('px-4');
  });

  it('goes only to a trade page, whatever next= says', async () => {
    const { user } = open('/en/risk-reminder?next=https%3A%2F%2Fevil.example');
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/card-buy-sell');
  });

  it("goes on to the deep link's query too", async () => {
    const { user } = open('/en/risk-reminder?next=buy-crypto%3FfiatCurrency%3DEUR%26cryptoCurrency%3DBTC');
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/buy-crypto?fiatCurrency=EUR&cryptoCurrency=BTC');
  });

  it.each([
    [businessError(PATHS.riskSurveyAgreement, 'AGR0000001', 'The warning changed. Read it again.'), 'The warning changed. Read it again.'],
    [new ApiError({ kind: 'timeout', path: PATHS.riskSurveyAgreement, msg: 'x' }), 'The request timed out. Please try again.'],
  ])('a failed agreement says why (the HTTP client shows nothing for it), and Continue may be pressed again', async (failure, text) => {
    let fail = true;
    const { user } = open('/en/risk-reminder?next=buy-crypto', {
      [PATHS.riskSurveyAgreement]: () => {
        if (fail) throw failure;
        return OK;
      },
    });
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    fail = false;
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/buy-crypto');
  });

  it('Not now leads to the dashboard without agreeing', async () => {
    const { user, bodiesOf } = open('/en/risk-reminder?next=card-buy-sell');
    await user.click(await screen.findByRole('link', { name: 'Not now' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/dashboard');
    expect(bodiesOf(PATHS.riskSurveyAgreement)).toEqual([]);
  });

  it('zh says Not now as "not buying for now"', () => {
    expect((bundledTranslations.zh.risk as { notNow: string }).notNow).toBe('暂不购买');
  });

  it('a person cleared already goes straight on', async () => {
    open('/en/risk-reminder?next=banktransfer-buy', {}, () => OK);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/banktransfer-buy');
  });
});

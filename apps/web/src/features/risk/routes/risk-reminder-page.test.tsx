import { PATHS, RISK_WARNING_VERSION } from '@causeway/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { RiskReminderPage } from './risk-reminder-page';

function open(url: string) {
  const fake = routedHttpClient({ [PATHS.riskSurveyAgreement]: () => ({ riskSurveyCheckNextStep: 'OK', version: RISK_WARNING_VERSION }) });
  renderPage(<RiskReminderPage />, { path: '/:lng/risk-reminder', url, client: fake.client });
  return { ...fake, user: userEvent.setup() };
}

describe('risk-reminder', () => {
  it('needs the box ticked, records the agreement, then goes on to the trade page it was sent from', async () => {
    const { user, bodiesOf } = open('/en/risk-reminder?next=buy-crypto');
    expect(screen.getByRole('heading', { name: 'Before you buy crypto' })).toBeInTheDocument();
    const proceed = screen.getByRole('button', { name: /Continue/ });
    await user.click(proceed);
    expect(bodiesOf(PATHS.riskSurveyAgreement)).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'I have read this and understand the risks of buying crypto.' }));
    await user.click(proceed);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/buy-crypto');
    expect(bodiesOf(PATHS.riskSurveyAgreement)).toEqual([expect.objectContaining({ agree: true, version: RISK_WARNING_VERSION })]);
  });

  it('goes only to a trade page, whatever next= says', async () => {
    const { user } = open('/en/risk-reminder?next=https%3A%2F%2Fevil.example');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Continue/ }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/card-buy-sell');
  });

  it('Not now leads to the dashboard without agreeing', async () => {
    const { user, bodiesOf } = open('/en/risk-reminder?next=card-buy-sell');
    await user.click(screen.getByRole('link', { name: 'Not now' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/en/dashboard');
    expect(bodiesOf(PATHS.riskSurveyAgreement)).toEqual([]);
  });
});

import { PATHS } from '@causeway/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignupStep } from './signup-step';
import { createSessionStore } from '@/lib/session';
import { renderPage } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { sendAgreementLog } from '@/lib/agreement-log';

function openSignup(onContinue = vi.fn()) {
  const fake = routedHttpClient({ [PATHS.agreementLog]: () => null, [PATHS.menuLinks]: () => [] });
  renderPage(
    <SignupStep
      email="new.person@example.com"
      suggestedEmail={null}
      privateRelay={false}
      onContinue={onContinue}
      onUseSuggestion={() => {}}
      onChangeEmail={() => {}}
    />,
    { path: '/:lng/login-v2', url: '/en/login-v2', client: fake.client },
  );
  return { ...fake, onContinue };
}

describe('the pre-login agreement log (docs/rules/agreements.md)', () => {
  it('is sent when the person continues with the terms ticked: the email, the versions shown and how long', async () => {
    const fake = openSignup();
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    await waitFor(() => expect(fake.bodiesOf(PATHS.agreementLog)).toHaveLength(1));
    const [log] = fake.bodiesOf(PATHS.agreementLog) as { viewTime: number }[];
    expect(log).toEqual({
      email: 'new.person@example.com',
      agree: true,
      viewTime: expect.any(Number),
      protocolMap: { TERM: '20241104', STATEMENT_LI: '20250101' },
    });
    expect(Number.isInteger(log!.viewTime) && log!.viewTime >= 0).toBe(true);
    expect(fake.onContinue).toHaveBeenCalledWith(true);
  });

  it('is sent for each choice of the box: unticked, then ticked again', async () => {
    const fake = openSignup();
    const box = screen.getByRole('checkbox');
    await userEvent.click(box);
    await waitFor(() => expect(fake.bodiesOf(PATHS.agreementLog)).toEqual([expect.objectContaining({ agree: false })]));
    // Unticked, Continue is inert: nothing more is sent and the step stays.
    await userEvent.click(screen.getByRole('button', { name: /Continue/ }));
    expect(fake.onContinue).not.toHaveBeenCalled();
    await userEvent.click(box);
    await waitFor(() =>
      expect(fake.bodiesOf(PATHS.agreementLog)).toEqual([
        expect.objectContaining({ agree: false }),
        expect.objectContaining({ agree: true }),
      ]),
    );
  });

  it("names the Roma terms in the Roma channel and the entity's statement of the pages (PL: STATEMENT)", async () => {
    document.cookie = 'isRoma=true; path=/';
    createSessionStore().setEntity('PL');
    const fake = routedHttpClient({ [PATHS.agreementLog]: () => null });
    await sendAgreementLog(fake.client, { email: 'a@example.com', agree: true, viewTimeMs: 1234.4 });
    expect(fake.bodiesOf(PATHS.agreementLog)).toEqual([
      { email: 'a@example.com', agree: true, viewTime: 1234, protocolMap: { TERMROMA: '20241104', STATEMENT: '20241104' } },
    ]);
  });

  it('says at most a day for a page left open longer, and swallows a failure (it never holds the sign-up up)', async () => {
    const fake = routedHttpClient({
      [PATHS.agreementLog]: () => {
        throw new Error('offline');
      },
    });
    await expect(
      sendAgreementLog(fake.client, { email: 'a@example.com', agree: true, viewTimeMs: 3 * 86_400_000 }),
    ).resolves.toBeUndefined();
    expect(fake.bodiesOf(PATHS.agreementLog)).toEqual([expect.objectContaining({ viewTime: 86_400_000 })]);
  });
});

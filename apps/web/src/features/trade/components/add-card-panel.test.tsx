import { type AddCardWaitReason, PATHS } from '@causeway/contracts';
import type { Language } from '@causeway/translations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { HttpClientProvider } from '@/lib/http-context';
import { testI18n } from '@/test/render';
import { routedHttpClient } from '@/test/routed-http-client';
import { AddCardPanel } from './add-card-panel';

const AVAILABLE_AT = '2030-03-04T10:00:00Z';
const dateIn = (lng: string) => new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(AVAILABLE_AT));

/** The panel in `lng` while list-card says adding waits until AVAILABLE_AT, for `reason`. */
function openPanel(reason: AddCardWaitReason | null, lng: Language = 'en') {
  const { client } = routedHttpClient({
    [PATHS.listCard]: () => ({ cards: [], maxCards: 5, addCardAvailableAt: AVAILABLE_AT, addCardWaitReason: reason }),
  });
  render(
    <I18nextProvider i18n={testI18n(lng)}>
      <HttpClientProvider client={client}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <AddCardPanel onAdded={() => undefined} />
        </QueryClientProvider>
      </HttpClientProvider>
    </I18nextProvider>,
  );
}

// Issue 14: "You can add a new card after …" alone left a new person guessing why.
describe('AddCardPanel while adding a card waits', () => {
  it('after a password or authenticator change, says why and until when', async () => {
    openPanel('SECURITY_CHANGE');
    expect(
      await screen.findByText(
        `For your safety, you can add a new card 24 hours after a change to your sign-in security (password or authenticator). You can add one after ${dateIn('en')}.`,
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Save card' })).not.toBeInTheDocument();
  });

  it('in Chinese too', async () => {
    openPanel('SECURITY_CHANGE', 'zh');
    expect(
      await screen.findByText(
        `为了您的账户安全，修改登录安全设置（密码或身份验证器）后 24 小时内不能添加新银行卡。您可以在 ${dateIn('zh')} 之后添加。`,
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('after a delete, says it is the 48 hours after deleting one', async () => {
    openPanel('CARD_DELETED');
    expect(
      await screen.findByText(`You can add a new card 48 hours after deleting one. You can add one after ${dateIn('en')}.`),
    ).toHaveAttribute('role', 'status');
  });

  it('with no reason given, the date alone', async () => {
    openPanel(null);
    expect(await screen.findByText(`You can add a new card after ${dateIn('en')}.`)).toHaveAttribute('role', 'status');
  });
});

import { HELP_DESK_URLS, type HelpArticleJson } from '@causeway/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelpApi } from '../api/help-api';
import { deferred, helpArticle, helpSection, openHelpWidget, searchHit } from '../help-desk-fixtures';
import { getHelpWidgetState, resetHelpWidgetState, setHelpSecondaryPage, setHelpTab } from '../help-widget-store';

vi.mock('./request-form', () => ({
  SupportForm: ({ api }: { api: HelpApi }) => <p>Support form {typeof api.createRequest}</p>,
  FeedbackForm: ({ api }: { api: HelpApi }) => <p>Feedback form {typeof api.createRequest}</p>,
}));

afterEach(() => resetHelpWidgetState());

const inPanel = () => within(screen.getByRole('dialog'));
const SEARCH = HELP_DESK_URLS.search;

describe('search', () => {
  it('trims the input, lists the results, and a result opens its article', async () => {
    const { user, deskCalls, callsTo } = await openHelpWidget({
      [SEARCH]: () => ({ results: [searchHit(5, 'Refund times'), searchHit(6, 'Refund to card')], count: 2 }),
      [HELP_DESK_URLS.article('en-us', 6)]: () => ({ article: helpArticle(6, 'Refund to card') }),
    });
    await user.type(inPanel().getByRole('searchbox', { name: 'Search the help centre' }), '   refund   {Enter}');
    const results = await inPanel().findAllByRole('button', { name: /^Refund/ });
    expect(results.map((button) => button.textContent)).toEqual(['Refund times', 'Refund to card']);
    expect(getHelpWidgetState().secondaryPage).toEqual({ type: 'search', keyword: 'refund' });
    expect(deskCalls().filter((call) => call.url === SEARCH)).toEqual([{ url: SEARCH, params: { query: 'refund', locale: 'en-us' } }]);
    // The results page shows the keyword, ready to refine.
    expect(
      inPanel()
        .getAllByRole('searchbox')
        .find((box) => (box as HTMLInputElement).value === 'refund'),
    ).toBeDefined();

    await user.click(results[1]!);
    expect(await inPanel().findByRole('heading', { name: 'Refund to card' })).toBeInTheDocument();
    expect(callsTo(SEARCH)).toBe(1);
  });

  it('keeps focus in the panel when one page replaces another (a result opens, a search is refined)', async () => {
    const { user } = await openHelpWidget({
      [SEARCH]: (params) => ({
        results: params?.query === 'refund' ? [searchHit(5, 'Refund times')] : [searchHit(8, 'Card limits')],
        count: 1,
      }),
      [HELP_DESK_URLS.article('en-us', 5)]: () => ({ article: helpArticle(5, 'Refund times') }),
    });
    await user.type(inPanel().getByRole('searchbox', { name: 'Search the help centre' }), 'refund{Enter}');
    expect(inPanel().getByRole('button', { name: 'Back' })).toHaveFocus();

    // Refined from the results page: its box and button belonged to the page that went.
    const box = inPanel().getByRole('searchbox', { name: 'Search the help centre' });
    await user.clear(box);
    await user.type(box, 'limits{Enter}');
    await inPanel().findByRole('button', { name: 'Card limits' });
    expect(document.activeElement).not.toBe(document.body);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);

    act(() => setHelpSecondaryPage({ type: 'search', keyword: 'refund' }));
    await user.click(await inPanel().findByRole('button', { name: 'Refund times' }));
    expect(await inPanel().findByRole('heading', { name: 'Refund times' })).toBeInTheDocument();
    expect(inPanel().getByRole('button', { name: 'Back' })).toHaveFocus();
  });

  it('ignores blank input: no call, the page stays', async () => {
    const { user, callsTo } = await openHelpWidget({ [SEARCH]: () => ({ results: [], count: 0 }) });
    const box = inPanel().getByRole('searchbox', { name: 'Search the help centre' });
    await user.type(box, '     {Enter}');
    await user.click(inPanel().getByRole('button', { name: 'Search' }));
    expect(getHelpWidgetState().secondaryPage).toBeNull();
    expect(inPanel().getByRole('tab', { name: 'Home' })).toBeVisible();
    expect(callsTo(SEARCH)).toBe(0);
  });

  it('says when nothing matched', async () => {
    const { user } = await openHelpWidget({ [SEARCH]: () => ({ results: [], count: 0 }) });
    await user.type(inPanel().getByRole('searchbox', { name: 'Search the help centre' }), 'lambo{Enter}');
    expect(await inPanel().findByText('No results found for "lambo".')).toBeInTheDocument();
  });

  it('tells screen readers how many results a search found, through a status region already in the page', async () => {
    const { user } = await openHelpWidget({ [SEARCH]: () => ({ results: [], count: 0 }) });
    await user.type(inPanel().getByRole('searchbox', { name: 'Search the help centre' }), 'lambo{Enter}');
    await waitFor(() => expect(inPanel().getByRole('status')).toHaveTextContent('Results: 0'));
  });

  it('says so in Chinese', async () => {
    await openHelpWidget({ [SEARCH]: () => ({ results: [], count: 0 }) }, { lng: 'zh' });
    act(() => setHelpSecondaryPage({ type: 'search', keyword: '退款' }));
    expect(await inPanel().findByText('未找到与“退款”相关的结果。')).toBeInTheDocument();
  });

  it('a failed search offers Retry', async () => {
    let fail = true;
    const { user } = await openHelpWidget({
      [SEARCH]: () => {
        if (fail) throw new Error('desk down');
        return { results: [searchHit(5, 'Refund times')], count: 1 };
      },
    });
    await user.type(inPanel().getByRole('searchbox', { name: 'Search the help centre' }), 'refund{Enter}');
    expect(await inPanel().findByText('Failed to load. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(inPanel().getByRole('button', { name: 'Retry' }));
    expect(await inPanel().findByRole('button', { name: 'Refund times' })).toBeInTheDocument();
  });
});

describe('Help tab: sections accordion', () => {
  const SECTIONS = HELP_DESK_URLS.sections('en-us');
  const articlesOf = (id: number) => HELP_DESK_URLS.sectionArticles('en-us', id);

  async function openHelpTab(routes: Parameters<typeof openHelpWidget>[0]) {
    act(() => setHelpTab('help'));
    const view = await openHelpWidget({
      [SECTIONS]: () => ({ sections: [helpSection(1, 'Payments'), helpSection(2, 'Account')] }),
      ...routes,
    });
    await inPanel().findByRole('button', { name: 'Payments' });
    return view;
  }

  it('loads a section on its first expansion only; a second click collapses it', async () => {
    const articles = deferred<{ articles: HelpArticleJson[] }>();
    const { user, callsTo } = await openHelpTab({ [articlesOf(1)]: () => articles.promise });
    const payments = inPanel().getByRole('button', { name: 'Payments' });
    expect(payments).toHaveAttribute('aria-expanded', 'false');
    expect(callsTo(articlesOf(1))).toBe(0);

    await user.click(payments);
    expect(payments).toHaveAttribute('aria-expanded', 'true');
    const region = document.getElementById(payments.getAttribute('aria-controls')!)!;
    expect(within(region).getByRole('status')).toHaveTextContent('Loading');
    await act(async () => articles.resolve({ articles: [helpArticle(21, 'Accepted cards')] }));
    expect(await within(region).findByRole('button', { name: 'Accepted cards' })).toBeInTheDocument();

    await user.click(payments);
    expect(payments).toHaveAttribute('aria-expanded', 'false');
    expect(region).not.toBeVisible();

    await user.click(payments);
    expect(within(region).getByRole('button', { name: 'Accepted cards' })).toBeVisible();
    expect(callsTo(articlesOf(1))).toBe(1);
    // The other section was never opened: never asked for.
    expect(callsTo(articlesOf(2))).toBe(0);
  });

  it('a section that fails offers Retry; an empty one says so', async () => {
    let fail = true;
    const { user, callsTo } = await openHelpTab({
      [articlesOf(1)]: () => {
        if (fail) throw new Error('desk down');
        return { articles: [helpArticle(21, 'Accepted cards')] };
      },
      [articlesOf(2)]: () => ({ articles: [] }),
    });
    await user.click(inPanel().getByRole('button', { name: 'Payments' }));
    expect(await inPanel().findByText('Failed to load. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(inPanel().getByRole('button', { name: 'Retry' }));
    expect(await inPanel().findByRole('button', { name: 'Accepted cards' })).toBeInTheDocument();
    expect(callsTo(articlesOf(1))).toBe(2);

    await user.click(inPanel().getByRole('button', { name: 'Account' }));
    expect(await inPanel().findByText('There are no articles here yet.')).toBeInTheDocument();
  });

  it('the sections themselves: error with Retry, then empty', async () => {
    let fail = true;
    act(() => setHelpTab('help'));
    const { user } = await openHelpWidget({
      [SECTIONS]: () => {
        if (fail) throw new Error('desk down');
        return { sections: [] };
      },
    });
    expect(await inPanel().findByText('Failed to load. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(inPanel().getByRole('button', { name: 'Retry' }));
    expect(await inPanel().findByText('There are no articles here yet.')).toBeInTheDocument();
  });

  it('Retry keeps focus in the panel while the Retry button gives way to the spinner and the list', async () => {
    let fail = true;
    const sections = deferred<{ sections: ReturnType<typeof helpSection>[] }>();
    act(() => setHelpTab('help'));
    const { user } = await openHelpWidget({
      [SECTIONS]: () => {
        if (fail) throw new Error('desk down');
        return sections.promise;
      },
    });
    const retry = await inPanel().findByRole('button', { name: 'Retry' });
    fail = false;
    await user.click(retry);
    expect(inPanel().queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(document.activeElement).not.toBe(document.body);
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await act(async () => sections.resolve({ sections: [helpSection(1, 'Payments')] }));
    await inPanel().findByRole('button', { name: 'Payments' });
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    // From there the keyboard goes on into what loaded.
    await user.tab();
    expect(inPanel().getByRole('button', { name: 'Payments' })).toHaveFocus();
  });

  it("support and feedback open their forms with the widget's api; Back returns to the tab as left", async () => {
    const { user } = await openHelpTab({ [articlesOf(1)]: () => ({ articles: [helpArticle(21, 'Accepted cards')] }) });
    await user.click(inPanel().getByRole('button', { name: 'Payments' }));
    await inPanel().findByRole('button', { name: 'Accepted cards' });

    await user.click(inPanel().getByRole('button', { name: /Contact support/ }));
    expect(await inPanel().findByText('Support form function')).toBeInTheDocument();
    expect(inPanel().getByRole('heading', { name: 'Contact support' })).toBeInTheDocument();
    expect(inPanel().queryByRole('tab', { name: 'Help' })).not.toBeInTheDocument();
    await user.click(inPanel().getByRole('button', { name: 'Back' }));
    expect(getHelpWidgetState().secondaryPage).toBeNull();
    // Focus goes back to the entry that opened the page; the open section stayed open.
    expect(inPanel().getByRole('button', { name: /Contact support/ })).toHaveFocus();
    expect(inPanel().getByRole('button', { name: 'Accepted cards' })).toBeVisible();

    await user.click(inPanel().getByRole('button', { name: 'Share feedback' }));
    expect(await inPanel().findByText('Feedback form function')).toBeInTheDocument();
    await user.click(inPanel().getByRole('button', { name: 'Back' }));
    expect(inPanel().getByRole('tab', { name: 'Help' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('article page', () => {
  it('shows the title, the update date and the body sanitised again', async () => {
    const body = [
      '<p>Refunds take <strong>3 days</strong>.</p>',
      '<script>window.__pwned = true</script>',
      '<img src="https://cdn.example.com/r.png" alt="Timeline" onerror="window.__pwned = true">',
      '<a href="javascript:window.__pwned=true">Bad link</a>',
      '<a href="https://example.com/terms" target="_self">Terms</a>',
      '<svg onload="window.__pwned = true"><circle r="4"/></svg>',
    ].join('');
    await openHelpWidget({
      [HELP_DESK_URLS.article('en-us', 9)]: () => ({ article: helpArticle(9, 'Refunds', { body, updated_at: '2026-03-12T14:05:00Z' }) }),
    });
    act(() => setHelpSecondaryPage({ type: 'article', id: 9 }));
    const article = await inPanel().findByRole('article');
    expect(within(article).getByRole('heading', { name: 'Refunds' })).toBeInTheDocument();
    expect(within(article).getByText(/^Updated Mar 12, 2026/)).toBeInTheDocument();
    expect(within(article).getByText('3 days').tagName).toBe('STRONG');
    expect(article.querySelector('script, svg, [onerror], [onload]')).toBeNull();
    expect(within(article).getByRole('img', { name: 'Timeline' })).toHaveAttribute('src', 'https://cdn.example.com/r.png');
    expect(within(article).getByText('Bad link')).not.toHaveAttribute('href');
    const terms = within(article).getByRole('link', { name: 'Terms' });
    expect(terms).toHaveAttribute('target', '_blank');
    expect(terms).toHaveAttribute('rel', 'noopener noreferrer');
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it("nests the article's own headings below its title, so the outline runs Help centre › title › sections", async () => {
    const body = '<h2>Before you ask</h2><p>Check the card.</p><h3>Card refunds</h3><p>Days.</p><h2>Timing</h2><p>Soon.</p>';
    await openHelpWidget({ [HELP_DESK_URLS.article('en-us', 9)]: () => ({ article: helpArticle(9, 'Refunds', { body }) }) });
    act(() => setHelpSecondaryPage({ type: 'article', id: 9 }));
    await inPanel().findByRole('article');
    const outline = inPanel()
      .getAllByRole('heading')
      .map((heading) => [Number(heading.tagName.slice(1)), heading.textContent]);
    expect(outline).toEqual([
      [2, 'Help centre'],
      [3, 'Refunds'],
      [4, 'Before you ask'],
      [5, 'Card refunds'],
      [4, 'Timing'],
    ]);
  });

  it('a failed article offers Retry; Back clears the page and shows Home', async () => {
    let fail = true;
    const { user } = await openHelpWidget({
      [HELP_DESK_URLS.article('en-us', 9)]: () => {
        if (fail) throw new Error('desk down');
        return { article: helpArticle(9, 'Refunds') };
      },
    });
    act(() => setHelpSecondaryPage({ type: 'article', id: 9 }));
    expect(await inPanel().findByText('Failed to load. Please try again.')).toBeInTheDocument();
    fail = false;
    await user.click(inPanel().getByRole('button', { name: 'Retry' }));
    expect(await inPanel().findByRole('heading', { name: 'Refunds' })).toBeInTheDocument();

    await user.click(inPanel().getByRole('button', { name: 'Back' }));
    expect(getHelpWidgetState().secondaryPage).toBeNull();
    await waitFor(() => expect(inPanel().getByRole('tabpanel', { name: 'Home' })).toBeVisible());
    expect(inPanel().queryByRole('article')).not.toBeInTheDocument();
  });
});

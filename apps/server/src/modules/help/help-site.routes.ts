import { DEFAULT_HELP_LOCALE, HELP_LOCALES, type HelpLocale, helpLocaleOf } from '@causeway/contracts';
import { languageOfTag } from '@causeway/translations';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml, FAVICON_LINK } from '../../platform/html.ts';
import type { HelpArticle, HelpDeskProvider } from '../../providers/help-desk/index.ts';
import { sanitizeArticleHtml } from '../../providers/help-desk/sanitize-html.ts';

const TEXTS: Record<HelpLocale, { title: string; all: string; updated: string; missing: string; lang: string }> = {
  'en-us': { title: 'Causeway help centre', all: 'All articles', updated: 'Updated', missing: 'No such article.', lang: 'en' },
  'fr-fr': { title: 'Causeway help centre', all: 'All articles', updated: 'Updated', missing: 'No such article.', lang: 'en' },
  'zh-cn': { title: 'Causeway 帮助中心', all: '全部文章', updated: '更新于', missing: '没有这篇文章。', lang: 'zh' },
};

function page(locale: HelpLocale, title: string, body: string): string {
  return `<!doctype html><html lang="${TEXTS[locale].lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">${FAVICON_LINK}<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0 auto;padding:1rem;max-width:46rem;line-height:1.55}a{color:#4f6bed}nav a{margin-right:1rem}table{border-collapse:collapse}td,th{border:1px solid #8884;padding:.3rem .5rem}.meta{color:#888}</style></head>
<body><nav><a href="/help-centre/${locale}">${escapeHtml(TEXTS[locale].title)}</a>${HELP_LOCALES.filter(
    (l) => l !== 'fr-fr' && l !== locale,
  )
    .map((l) => `<a href="/help-centre/${l}" hreflang="${TEXTS[l].lang}">${l === 'zh-cn' ? '中文' : 'English'}</a>`)
    .join('')}</nav>
<main>${body}</main></body></html>`;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);

const isHelpLocale = (value: string): value is HelpLocale => (HELP_LOCALES as readonly string[]).includes(value);

/**
 * The help locale a URL names by another of its tags (zh, zh-CN, ZH-CN, zh-Hans, en, EN-US,
 * fr-FR): people type the usual names, and our own are lower case. Undefined for no language.
 */
function helpLocaleAlias(tag: string): HelpLocale | undefined {
  return languageOfTag(tag) || /^fr(?:[-_][a-z\d]{1,8})*$/i.test(tag) ? helpLocaleOf(tag) : undefined;
}

/**
 * The locale of a help-centre URL, or undefined once the reply is sent: a redirect to the same
 * page under the canonical locale, or the not-found page for a segment that names no language.
 */
function resolveLocale(locale: string, rest: string, reply: FastifyReply): HelpLocale | undefined {
  if (isHelpLocale(locale)) return locale;
  const alias = helpLocaleAlias(locale);
  if (alias) void reply.redirect(`/help-centre/${alias}${rest}`, 302);
  else
    void html(
      reply,
      404,
      page(DEFAULT_HELP_LOCALE, TEXTS[DEFAULT_HELP_LOCALE].missing, `<p>${escapeHtml(TEXTS[DEFAULT_HELP_LOCALE].missing)}</p>`),
    );
  return undefined;
}

/**
 * The built-in help centre as a plain web site: the "external help site" the widget's Get more
 * help opens in a new tab, and where each article's html_url leads. Bodies were sanitised when
 * stored and are sanitised again here, when rendered (issue 6, docs/trust.md): an operator may edit a
 * body in the database, which the seed keeps. The page's CSP allows no inline script either.
 */
export function registerHelpSiteRoutes(app: FastifyInstance, desk: HelpDeskProvider): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Any text: resolveLocale answers the usual names of a locale (zh-CN) with a redirect to ours (zh-cn).
  const locale = z.string().max(35);

  routes.get(
    '/help-centre',
    { schema: { tags: ['help'], summary: 'The built-in help centre (redirects to en-us)' }, config: { caller: 'public' } },
    async (_request, reply) => reply.redirect('/help-centre/en-us'),
  );

  routes.get(
    '/help-centre/:locale',
    {
      schema: { tags: ['help'], summary: "The built-in help centre's sections and articles", params: z.object({ locale }) },
      config: { caller: 'public' },
    },
    async (request, reply) => {
      const l = resolveLocale(request.params.locale, '', reply);
      if (!l) return reply;
      const sections = await desk.sections(l);
      const lists = await Promise.all(sections.map(async (s) => ({ section: s, articles: (await desk.sectionArticles(l, s.id)) ?? [] })));
      const body = lists
        .map(
          ({ section, articles }) =>
            `<section><h2>${escapeHtml(section.name)}</h2><p class="meta">${escapeHtml(section.description)}</p><ul>${articles.map((a) => `<li><a href="/help-centre/${l}/articles/${a.id}">${escapeHtml(a.title)}</a></li>`).join('')}</ul></section>`,
        )
        .join('');
      return html(reply, 200, page(l, TEXTS[l].title, `<h1>${escapeHtml(TEXTS[l].title)}</h1>${body}`));
    },
  );

  routes.get(
    '/help-centre/:locale/articles/:id',
    {
      schema: {
        tags: ['help'],
        summary: 'One article of the built-in help centre',
        params: z.object({ locale, id: z.coerce.number().int().positive().max(2_147_483_647) }),
      },
      config: { caller: 'public' },
    },
    async (request, reply) => {
      const l = resolveLocale(request.params.locale, `/articles/${request.params.id}`, reply);
      if (!l) return reply;
      const article: HelpArticle | null = await desk.article(l, request.params.id);
      if (!article) return html(reply, 404, page(l, TEXTS[l].missing, `<p>${escapeHtml(TEXTS[l].missing)}</p>`));
      return html(
        reply,
        200,
        page(
          l,
          article.title,
          `<article><h1>${escapeHtml(article.title)}</h1><p class="meta">${escapeHtml(TEXTS[l].updated)} ${escapeHtml(article.updatedAt.toISOString().slice(0, 10))}</p>${sanitizeArticleHtml(article.bodyHtml)}</article>`,
        ),
      );
    },
  );
}

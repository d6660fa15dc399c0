import { describe, expect, it } from 'vitest';
import { loadFieldSanitizer } from '@/ui';
import { articleExcerpt, sanitizeArticle } from './sanitize-article';

/** The sanitised HTML, parsed, to look at what is left. */
const cleaned = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = sanitizeArticle(html);
  return host;
};

describe('sanitizeArticle', () => {
  it('keeps the formatting an article needs', () => {
    const html =
      '<h2>Fees</h2><p>Card fees are <strong>low</strong>.</p><ul><li>One</li></ul><img src="https://cdn.example.com/a.png" alt="Fee table">';
    expect(sanitizeArticle(html)).toBe(
      '<h2>Fees</h2><p>Card fees are <strong>low</strong>.</p><ul><li>One</li></ul><img src="https://cdn.example.com/a.png" alt="Fee table">',
    );
  });

  it('removes <script> and other active elements with their content', () => {
    const host = cleaned(
      '<p>Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe><form><input></form><object data="x"></object>',
    );
    expect(host.innerHTML).toBe('<p>Hi</p>');
  });

  it('removes event handlers such as onerror=', () => {
    const host = cleaned(
      '<img src="https://cdn.example.com/x.png" onerror="alert(1)"><p onclick="alert(2)" onmouseover="alert(3)">Text</p>',
    );
    expect(host.innerHTML).not.toMatch(/on\w+=/i);
    expect(host.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/x.png');
    expect(host.querySelector('p')).toHaveTextContent('Text');
  });

  it.each([
    ['javascript:', '<a href="javascript:alert(1)">Click</a>'],
    ['JaVaScRiPt: with spaces', '<a href=" JaVaScRiPt:alert(1)">Click</a>'],
    ['an entity-encoded javascript:', '<a href="&#106;avascript:alert(1)">Click</a>'],
    ['data:', '<a href="data:text/html,<script>alert(1)</script>">Click</a>'],
    ['vbscript:', '<a href="vbscript:msgbox(1)">Click</a>'],
  ])('drops a %s link target but keeps the text', (_name, html) => {
    const link = cleaned(html).querySelector('a')!;
    expect(link).toHaveTextContent('Click');
    expect(link).not.toHaveAttribute('href');
  });

  it('drops an image from javascript: or data:', () => {
    const host = cleaned('<img src="javascript:alert(1)"><img src="data:image/svg+xml;base64,PHN2Zz4=">');
    host.querySelectorAll('img').forEach((img) => expect(img).not.toHaveAttribute('src'));
  });

  it.each([
    ['<svg onload=alert(1)><circle r="5"/></svg>'],
    ['<svg><script>alert(1)</script></svg>'],
    ['<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
    ['<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ])('removes the SVG or MathML payload %s', (html) => {
    const out = sanitizeArticle(html);
    expect(out).not.toMatch(/<svg|<math|<script|onerror|onload|javascript:/i);
  });

  it('opens every link in a new tab without handing over the page', () => {
    const links = cleaned(
      '<a href="https://example.com/a">A</a><a href="/en/dashboard" target="_self" rel="opener">B</a><a href="mailto:help@example.com" target="_top">C</a>',
    ).querySelectorAll('a');
    expect(links).toHaveLength(3);
    links.forEach((link) => {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    });
    expect(links[0]).toHaveAttribute('href', 'https://example.com/a');
    expect(links[1]).toHaveAttribute('href', '/en/dashboard');
  });

  it('drops protocol-relative links, in-page anchors, data- and style attributes', () => {
    expect(cleaned('<a href="#fees">F</a>').querySelector('a')).not.toHaveAttribute('href');
    const host = cleaned('<a href="//evil.example/x">X</a><p data-x="1" style="position:fixed" class="c" id="i">P</p>');
    expect(host.querySelector('a')).not.toHaveAttribute('href');
    expect(host.querySelector('p')!.attributes).toHaveLength(0);
  });

  it('moves the headings below a given level, keeping their order and text', () => {
    expect(sanitizeArticle('<h2 title="t">A</h2><p>x</p><h3>B <em>b</em></h3><h4>C</h4>', { headingsBelow: 3 })).toBe(
      '<h4 title="t">A</h4><p>x</p><h5>B <em>b</em></h5><h6>C</h6>',
    );
  });

  it('starts from the highest heading the article has, and never goes past h6', () => {
    expect(sanitizeArticle('<h3>A</h3><h4>B</h4>', { headingsBelow: 3 })).toBe('<h4>A</h4><h5>B</h5>');
    expect(sanitizeArticle('<h2>A</h2><h3>B</h3><h4>C</h4>', { headingsBelow: 4 })).toBe('<h5>A</h5><h6>B</h6><h6>C</h6>');
  });

  it('moves nothing without a level, or in an article without headings', () => {
    expect(sanitizeArticle('<h2>A</h2>')).toBe('<h2>A</h2>');
    expect(sanitizeArticle('<p>A</p>', { headingsBelow: 3 })).toBe('<p>A</p>');
  });

  it('still sanitises what it moves', () => {
    const out = sanitizeArticle('<h2 onclick="alert(1)">A<img src=x onerror=alert(1)></h2><script>alert(2)</script>', { headingsBelow: 3 });
    expect(out).toBe('<h4>A<img></h4>');
  });

  it('leaves the shared sanitiser (field errors) without the link hook', async () => {
    sanitizeArticle('<a href="https://example.com">x</a>');
    const sanitizeField = await loadFieldSanitizer();
    expect(sanitizeField('<a href="https://example.com">x</a>')).toBe('<a href="https://example.com">x</a>');
  });
});

describe('articleExcerpt', () => {
  it('is the plain text, whitespace folded, cut with an ellipsis', () => {
    expect(articleExcerpt('<p>Hello   <b>world</b></p>\n<p>again</p>')).toBe('Hello world again');
    expect(articleExcerpt(`<p>${'a'.repeat(200)}</p>`, 10)).toBe(`${'a'.repeat(9)}…`);
  });

  it('runs nothing while reading the text', () => {
    const before = document.querySelectorAll('img').length;
    expect(articleExcerpt('<img src=x onerror="window.__pwned = true"><script>window.__pwned = true</script>Safe')).toBe(
      'window.__pwned = trueSafe',
    );
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    expect(document.querySelectorAll('img')).toHaveLength(before);
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TaggedText } from './tagged-text';

const link = (href: string) => (words: string) => <a href={href}>{words}</a>;

describe('TaggedText', () => {
  it('turns each marked part into its element and keeps the words around them', () => {
    const { container } = render(
      <TaggedText
        text="I agree to the <terms>Terms of Use</terms> and the <privacy>Privacy Statement</privacy>."
        tags={{ terms: link('/t'), privacy: link('/p') }}
      />,
    );
    expect(container.innerHTML).toBe('I agree to the <a href="/t">Terms of Use</a> and the <a href="/p">Privacy Statement</a>.');
  });

  it('leaves a tag it has no element for as its plain words, and a text without tags as it is', () => {
    expect(render(<TaggedText text="see <other>this</other> now" tags={{}} />).container.innerHTML).toBe('see this now');
    expect(render(<TaggedText text="我同意<terms>使用条款</terms>" tags={{ terms: link('/t') }} />).container.innerHTML).toBe(
      '我同意<a href="/t">使用条款</a>',
    );
    expect(render(<TaggedText text="no tags <b>" tags={{}} />).container.innerHTML).toBe('no tags &lt;b&gt;');
  });
});

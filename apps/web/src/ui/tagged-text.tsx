import { Fragment, type ReactNode } from 'react';

/**
 * A translated text whose marked words become elements: "I agree to the <terms>Terms of Use</terms>"
 * with `{ terms: (words) => <a href=…>{words}</a> }`. Tags do not nest; a tag with no renderer, or
 * text outside tags, stays plain text. Our own few lines instead of react-i18next's Trans, which
 * brings an HTML parser into the first load of every sign-in page.
 */
export function TaggedText({ text, tags }: { text: string; tags: Record<string, (words: string) => ReactNode> }) {
  const parts: ReactNode[] = [];
  const pattern = /<(\w+)>(.*?)<\/\1>/g;
  let rest = 0;
  for (const match of text.matchAll(pattern)) {
    const [whole, name, words] = match as unknown as [string, string, string];
    if (match.index > rest) parts.push(text.slice(rest, match.index));
    const render = tags[name];
    parts.push(<Fragment key={match.index}>{render ? render(words) : words}</Fragment>);
    rest = match.index + whole.length;
  }
  if (rest < text.length) parts.push(text.slice(rest));
  return <>{parts}</>;
}

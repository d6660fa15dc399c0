import type { EddOptions } from '@causeway/contracts';
import { Fragment } from 'react';

/**
 * An option's hint with the example bank statement's link where its placeholder stands (docs/rules/edd.md "Options"):
 * the link opens in a new tab, so the form keeps what the person typed.
 */
export function EvidenceHint({ hint, example }: { hint: string; example: EddOptions['bankStatementExample'] }) {
  const pieces = hint.split(example.placeholder);
  return (
    <>
      {pieces.map((piece, index) => (
        <Fragment key={index}>
          {piece}
          {index < pieces.length - 1 ? (
            <a
              href={example.url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-primary underline underline-offset-2"
            >
              {example.label}
            </a>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}

import { Fragment } from 'react';
import { findReferences } from '../lib/references';
import { RefLink } from './RefLink';

/**
 * A free text (a message, a reason, an answer) with each reference to an order, a return or an appeal made
 * a link to its screen (decision 192).
 */
export function RefText({ text }: { text: string }) {
  return (
    <>
      {findReferences(text).map((p, i) =>
        typeof p === 'string' ? (
          <Fragment key={i}>{p}</Fragment>
        ) : (
          <RefLink key={i} kind={p.kind} id={p.id}>
            {p.text}
          </RefLink>
        ),
      )}
    </>
  );
}

import { ErrorCode } from '@causeway/contracts';
import { errorText, isApiError, isError } from '@/lib/http-errors';
import type { Translate } from './field-rules';

/** A refused save: the server's words by field path (`companyName`, `registeredAddress.city`), and what names no field. */
export interface ServerProblems {
  fields: Record<string, string>;
  message: string | undefined;
}

export interface ServerProblemOptions {
  /** Section names the server may put in front of a path (`GeneralData.taxId`), taken off. */
  sectionPrefixes?: readonly string[];
  /** Whether the form shows a field at this path; the words of any other path stay in the message. */
  isField: (path: string) => boolean;
}

/** A path as the request had it (`body.data.registeredAddress.city`), from the section's data down. */
function fieldPathOf(where: string, sectionPrefixes: readonly string[]): string {
  let path = where.replace(/^(body|querystring)\.?/, '').replace(/^data\.?/, '');
  for (const prefix of sectionPrefixes) if (path.startsWith(`${prefix}.`)) path = path.slice(prefix.length + 1);
  return path;
}

/** "body.data.website: must be …" or "GeneralData.taxId: A UK tax number is …": a dotted path without spaces, then the words. */
const FIELD_MESSAGE = /^([A-Za-z_][\w.]*): (.+)$/s;

/**
 * A save's refusal split by field (docs/rules/kyb.md: each field is checked as it is saved): the
 * request validation's 400 REQ0000400 names every bad field in its `msg` ("body.data.website: must
 * be a web address; body.data.taxId: ..."), and a KYB rule's refusal names its field the same way
 * ("pesel: not a valid PESEL for this date of birth"). What names no field of the form is the message,
 * in the page language where the server's words are not about a field.
 */
export function serverProblemsOf(error: unknown, t: Translate, { sectionPrefixes = [], isField }: ServerProblemOptions): ServerProblems {
  const fields: Record<string, string> = {};
  if (!isApiError(error) || error.kind !== 'business' || !error.msg) return { fields, message: errorText(error, t) };
  const parts = isError(error, ErrorCode.MalformedRequest) ? error.msg.split('; ') : [error.msg];
  const rest: string[] = [];
  for (const part of parts) {
    const match = FIELD_MESSAGE.exec(part.trim());
    const path = match ? fieldPathOf(match[1]!, sectionPrefixes) : '';
    if (match && path && isField(path)) fields[path] = match[2]!;
    else rest.push(part.trim());
  }
  return { fields, message: rest.length > 0 ? rest.join(' ') : undefined };
}

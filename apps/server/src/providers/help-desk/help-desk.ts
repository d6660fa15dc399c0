import type { HelpLocale, HelpTicketSource } from '@causeway/contracts';

/**
 * The help desk behind the widget (docs/ARCHITECTURE.md provider table): articles, sections and
 * search of a help centre, and support requests with attachments. Two adapters: the built-in
 * desk in our database (default, seeded en and zh) and Zendesk's Help Center and Requests APIs.
 *
 * Every article body an adapter returns is already sanitised HTML (docs/trust.md): the built-in desk
 * sanitises when it stores, Zendesk's answers are sanitised as they arrive.
 */
export interface HelpArticle {
  id: number;
  title: string;
  /** Sanitised HTML. */
  bodyHtml: string;
  updatedAt: Date;
  sectionId: number | null;
  labels: string[];
  /** Where the article lives on the help site (opened in a new tab). */
  url: string;
  locale: string;
}

export interface HelpSection {
  id: number;
  name: string;
  description: string;
  position: number;
}

export interface HelpSearchResult {
  id: number;
  title: string;
  /** Plain text around the match (no HTML). */
  snippet: string;
  sectionId: number | null;
  url: string;
  updatedAt: Date;
}

export interface HelpAttachmentInput {
  fileName: string;
  contentType: string;
  bytes: Buffer;
  /** Who sent it (docs/rules/calls.md: 'Anonymous From Widget' unless the widget says). */
  author?: string;
}

export interface HelpUpload {
  token: string;
  fileName: string;
  size: number;
  contentType: string;
}

export interface NewHelpRequest {
  subject: string;
  /** Plain text, as typed. */
  message: string;
  requesterEmail: string;
  /** docs/rules/entities.md: the part of the email before the @. */
  requesterName: string;
  /**
   * The signed-in person who files it (their account's address is requesterEmail); null only
   * for a signed-out request, whose address is what was typed.
   */
  requesterUserId: string | null;
  /** Tokens from `upload`. */
  uploadTokens: string[];
  source: HelpTicketSource;
}

export interface CreatedHelpRequest {
  id: number;
  status: string;
  subject: string;
}

export interface HelpDeskProvider {
  readonly kind: 'builtin' | 'zendesk';
  /** Articles carrying every one of `labels`, newest first (at most 30). */
  articlesByLabel(locale: HelpLocale, labels: string[]): Promise<HelpArticle[]>;
  /** Full-text search of titles and bodies in `locale` (at most 25 hits, best first). */
  search(locale: HelpLocale, query: string): Promise<HelpSearchResult[]>;
  /** Every section, in position order. */
  sections(locale: HelpLocale): Promise<HelpSection[]>;
  /** A section's articles, in position order; null when the section does not exist. */
  sectionArticles(locale: HelpLocale, sectionId: number): Promise<HelpArticle[] | null>;
  /** One article; null when there is none (in this locale or the default one). */
  article(locale: HelpLocale, articleId: number): Promise<HelpArticle | null>;
  /** Stores an attachment for a request to come; the token is good for 60 minutes (Zendesk's Upload Files rule). */
  upload(file: HelpAttachmentInput): Promise<HelpUpload>;
  /** Opens a ticket. Unknown or expired upload tokens are HelpDeskInputError. */
  createRequest(request: NewHelpRequest): Promise<CreatedHelpRequest>;
}

/** The desk refused the input (an unknown upload token, say): the caller answers 400. */
export class HelpDeskInputError extends Error {
  override name = 'HelpDeskInputError';
}

/** The desk could not be reached or answered out of shape: the caller answers 503. */
export class HelpDeskUnavailableError extends Error {
  override name = 'HelpDeskUnavailableError';
}

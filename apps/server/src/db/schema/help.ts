import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * The built-in help centre (issue 6): sections and articles with a text per locale, as Zendesk's
 * Help Center keeps them (one id, translations by locale), and the requests (tickets) the widget
 * opens with their attachments. Article HTML is sanitised before it is stored (docs/trust.md).
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const helpSections = pgTable('help_sections', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Stable seed key, so seeding again finds the section. */
  key: varchar('key', { length: 64 }).notNull().unique(),
  position: integer('position').notNull(),
});

export const helpSectionTexts = pgTable(
  'help_section_texts',
  {
    sectionId: integer('section_id')
      .notNull()
      .references(() => helpSections.id, { onDelete: 'cascade' }),
    locale: varchar('locale', { length: 8 }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.locale] })],
);

export const helpArticles = pgTable(
  'help_articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: varchar('key', { length: 64 }).notNull().unique(),
    /** Null for cards outside every section (the Promotion cards). */
    sectionId: integer('section_id').references(() => helpSections.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    labels: text('labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [index('help_articles_section').on(t.sectionId, t.position)],
);

export const helpArticleTexts = pgTable(
  'help_article_texts',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => helpArticles.id, { onDelete: 'cascade' }),
    locale: varchar('locale', { length: 8 }).notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML (DOMPurify with HELP_HTML_POLICY). */
    bodyHtml: text('body_html').notNull(),
    /** The body's plain text: what search matches and quotes. */
    bodyText: text('body_text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.locale] })],
);

export const helpRequests = pgTable(
  'help_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    requesterEmail: text('requester_email').notNull(),
    requesterName: text('requester_name').notNull(),
    /** The signed-in person who filed it (the requester address is theirs); null only for a signed-out request. */
    userId: varchar('user_id', { length: 32 }).references(() => users.id),
    source: varchar('source', { length: 32 }).notNull(),
    /** Zendesk's request statuses; a new ticket is 'new' until an operator answers. */
    status: varchar('status', { length: 16 }).notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('help_requests_created').on(t.createdAt),
    index('help_requests_user').on(t.userId),
    check('help_requests_source', sql`${t.source} in ('tickets_from_widget', 'feedbacks_from_widget')`),
  ],
);

export const helpUploads = pgTable(
  'help_uploads',
  {
    /** The token the widget names in a request (random, unguessable). */
    token: varchar('token', { length: 64 }).primaryKey(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** docs/rules/calls.md: who sent the file, 'Anonymous From Widget' unless the widget says. */
    author: text('author').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set when a request takes the upload; a token is taken once. */
    requestId: integer('request_id').references(() => helpRequests.id, { onDelete: 'cascade' }),
  },
  (t) => [index('help_uploads_request').on(t.requestId), check('help_uploads_size', sql`${t.size} > 0 and ${t.size} <= 10485760`)],
);

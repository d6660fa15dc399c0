import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Whether each sign-in mode is served now (docs/rules/uk-and-countries.md): the maintenance switch (on: the
 * mode's sign-ins and signed-in calls answer 10000047) and whether the mode serves people in the UK (off: a
 * UK resident or a UK address is refused at sign-in with 10000041). One row per mode, made the first time it
 * is switched; a mode without a row is served and closed to the UK. Switched through the availability
 * module's face (an operator, or the sandbox tool), which keeps who switched last.
 */
export const serviceModes = pgTable(
  'service_modes',
  {
    mode: varchar('mode', { length: 24 }).primaryKey(),
    maintenance: boolean('maintenance').notNull().default(false),
    ukOpen: boolean('uk_open').notNull().default(false),
    /** Who changed the row last (an operator's name, `sandbox`), and when. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [check('service_modes_mode', sql`${t.mode} in ('individual', 'independent', 'business', 'businessIndependent')`)],
);

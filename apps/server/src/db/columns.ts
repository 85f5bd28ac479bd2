import { integer, timestamp } from 'drizzle-orm/pg-core';

// Ids are integer identities "by default" so the demo seed can insert fixed ids (then moves the sequences).
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
